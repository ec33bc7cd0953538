import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { assertStorageRoom, assertWithinStorage } from '../../lib/plan-limits';
import type { ProcessedImage } from './image-processing';
import { insertMediaRows } from './media.repository';

/**
 * The media module's public file: uploaded images (posts' featured images, Web Settings' images), how they
 * are processed, stored within the workspace's plan, shown in answers and removed once unused.
 */
export {
  IMAGE_CONTENT_TYPES,
  MAX_INPUT_PIXELS,
  imageTooLarge,
  loadSharp,
  processImage,
  runImageWork,
  type ImageVariant,
  type ProcessedImage,
} from './image-processing';
export { deleteMediaIfUnused, toBlogImage } from './media.repository';

/**
 * Stores an upload and its variants; returns the new media id. Within the workspace's storage (docs/product/workspace.md#plan-limits):
 * the original and every variant count, checked before the insert and again after it (the counter then
 * holds any upload that committed meanwhile): past the plan's limit, 413 and the caller's transaction rolls
 * back, so nothing is half-stored.
 */
export async function insertMedia(
  db: Kysely<Database> | Transaction<Database>,
  workspaceId: string,
  image: ProcessedImage,
): Promise<string> {
  const total = image.bytes.length + image.variants.reduce((n, v) => n + v.bytes.length, 0);
  await assertStorageRoom(db, workspaceId, total);
  const id = await insertMediaRows(db, workspaceId, image);
  await assertWithinStorage(db, workspaceId, total);
  return id;
}
