import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { nowIso } from '../../db/rows';
import { BLOG_LIMITS, type BlogImage } from '../../../shared/schemas/blog';
import type { ProcessedImage } from './image-processing';

type Db = Kysely<Database> | Transaction<Database>;

/** docs/product/blog.md#post-fields: images load from "the API base address plus the stored path"; the base is /api/. */
export const mediaPath = (id: string): string => `media/${id}`;
export const variantPath = (id: string, width: number): string => `media/${id}/w/${width}`;

/**
 * The featured image as answers show it. Variants are made at upload for every configured width below the
 * original's, so they follow from the stored width without reading media_variants.
 */
export function toBlogImage(
  media: { id: string; width: number; height: number },
  altText: string,
): BlogImage {
  return {
    path: mediaPath(media.id),
    altText,
    width: media.width,
    height: media.height,
    variants: BLOG_LIMITS.imageVariantWidths
      .filter((width) => width < media.width)
      .map((width) => ({ width, path: variantPath(media.id, width) })),
  };
}

/** The rows of an image and its variants; answers the new media id (media.service checks the storage). */
export async function insertMediaRows(db: Db, workspaceId: string, image: ProcessedImage): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('media')
    .values({
      id,
      workspace_id: workspaceId,
      content_type: image.contentType,
      bytes: image.bytes,
      size: image.bytes.length,
      width: image.width,
      height: image.height,
      created_at: nowIso(),
    })
    .execute();
  if (image.variants.length > 0) {
    await db
      .insertInto('media_variants')
      .values(
        image.variants.map((v) => ({
          media_id: id,
          width: v.width,
          content_type: v.contentType,
          bytes: v.bytes,
          size: v.bytes.length,
        })),
      )
      .execute();
  }
  return id;
}

/**
 * Removes an image nothing points at any more (its variants go with it by cascade): no post, and no Web
 * Settings document (live, draft or a publish undo may return to) names it (the logo, icon, share image or a trusted-by logo).
 */
export async function deleteMediaIfUnused(db: Db, mediaId: string | null): Promise<void> {
  if (!mediaId) return;
  // The documents are JSON text holding the id in quotes. A wildcard in an id could only widen the match,
  // which keeps an image rather than deleting one in use.
  const named = `%${JSON.stringify(mediaId)}%`;
  await db
    .deleteFrom('media')
    .where('id', '=', mediaId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('blogs').select('id').where('featured_media_id', '=', mediaId))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('site_settings').select('stage').where('data', 'like', named))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('site_settings_history').select('id').where('data', 'like', named))),
    )
    .execute();
}

/** The media of a deleted workspace is no longer served (docs/product/workspace.md#danger-zone: its public traces disappear). */
function inLiveWorkspace(eb: ExpressionBuilder<Database, 'media'>) {
  return eb.exists(
    eb
      .selectFrom('workspaces')
      .select('workspaces.id')
      .whereRef('workspaces.id', '=', 'media.workspace_id')
      .where('workspaces.deleted_at', 'is', null),
  );
}

/** The bytes to serve: the original, or one resized variant. */
export async function findMediaBytes(
  db: Db,
  id: string,
  width?: number,
): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  if (width === undefined) {
    const row = await db
      .selectFrom('media')
      .select(['content_type', 'bytes'])
      .where('id', '=', id)
      .where(inLiveWorkspace)
      .executeTakeFirst();
    return row && { contentType: row.content_type, bytes: row.bytes };
  }
  const row = await db
    .selectFrom('media_variants')
    .innerJoin('media', 'media.id', 'media_variants.media_id')
    .select(['media_variants.content_type', 'media_variants.bytes'])
    .where('media_variants.media_id', '=', id)
    .where('media_variants.width', '=', width)
    .where(inLiveWorkspace)
    .executeTakeFirst();
  return row && { contentType: row.content_type, bytes: row.bytes };
}
