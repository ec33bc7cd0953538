import type { BlogAutosave, BlogDraftFields } from '../../../../shared/schemas/blog-publishing';
import { keepIfRoom, storage } from '../../../lib/storage';
import { localDraftKey, parseLocalCopy, type LocalDraftCopy } from './autosave-model';

/*
 * The browser's copy of a post's unsaved changes (docs/product/blog.md#autosave), written at once on every change so a crash,
 * a closed tab or a lost connection loses nothing the server copy has not caught yet.
 */

const currentUserId = () => storage.getUser()?._id ?? '';

export function readLocalCopy(postId: string): BlogAutosave | null {
  try {
    return parseLocalCopy(window.localStorage.getItem(localDraftKey(postId)), currentUserId());
  } catch {
    return null; // storage disabled
  }
}

export function writeLocalCopy(postId: string, fields: BlogDraftFields, baseVersion: number): void {
  const copy: LocalDraftCopy = {
    fields,
    baseVersion,
    savedAt: new Date().toISOString(),
    userId: currentUserId(),
  };
  keepIfRoom(window.localStorage, localDraftKey(postId), copy);
}

export function removeLocalCopy(postId: string): void {
  try {
    window.localStorage.removeItem(localDraftKey(postId));
  } catch {
    // storage disabled: nothing was kept
  }
}
