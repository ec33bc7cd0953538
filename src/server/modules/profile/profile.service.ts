import type { Kysely } from 'kysely';
import { ACCESS_MESSAGES } from '../../../shared/messages';
import { badRequest } from '../../http/errors';
import type { Database, SessionUser } from '../../db/types';
import { toPublicUser } from '../../db/rows';
import type { PublicUser } from '../../../shared/schemas/public-user';
import type { ProfileUpdateInput } from '../../../shared/schemas/users';
import { changeUser } from '../users/users.service';
import { fileTypeOfBuffer } from '../../lib/file-type';

/**
 * The schema checks the data URL's form; its bytes must also be the image type it names (by their magic
 * bytes), or any file could be stored behind a `data:image/png` prefix.
 */
async function expectImageOfDeclaredType(dataUrl: string): Promise<void> {
  const [, declared, base64] = /^data:(image\/[a-z]+);base64,(.*)$/s.exec(dataUrl) ?? [];
  const detected = base64 ? await fileTypeOfBuffer(Buffer.from(base64, 'base64')) : undefined;
  if (!detected || detected.mime !== declared)
    throw badRequest(ACCESS_MESSAGES.imageInvalid, [
      { field: 'profileImage', message: ACCESS_MESSAGES.imageInvalid },
    ]);
}

export function createProfileService(db: Kysely<Database>) {
  return {
    /**
     * PUT /api/profile: the caller's own details. Role and status are Admin-only actions (docs/product/roles-and-access.md#admin-only-actions), so
     * for anyone else they are dropped rather than refused: the profile editor always sends them.
     */
    async update(caller: SessionUser, input: ProfileUpdateInput): Promise<PublicUser> {
      if (input.profileImage) await expectImageOfDeclaredType(input.profileImage);
      const isAdmin = caller.role === 'Admin';
      const updated = await changeUser(db, caller, caller.id, {
        username: input.username,
        name: input.name,
        phone: input.phone,
        location: input.location,
        profile_image: input.profileImage,
        role: isAdmin ? input.role : undefined,
        status: isAdmin ? input.status : undefined,
      });
      return toPublicUser(updated);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
