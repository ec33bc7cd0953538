import { createHash } from 'node:crypto';
import type { SessionUser } from '../../db/types';

/**
 * A validator for GET /api/profile from the row the session already read: every shown column is in it,
 * and `updated_at` moves whenever the profile image changes (changeUser is its only writer), so the image
 * itself need not be read to know the answer is unchanged.
 */
export function profileEtag(user: SessionUser): string {
  const hash = createHash('sha256').update(JSON.stringify(user)).digest('base64url');
  return `"${hash.slice(0, 27)}"`;
}
