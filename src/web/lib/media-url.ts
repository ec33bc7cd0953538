import type { BlogImage } from '../../shared/schemas/blog';

/** docs/product/blog.md#post-fields: images load from the API base address plus the stored path. */
export function mediaUrl(path: string): string {
  return /^(https?:)?\/\//.test(path) || path.startsWith('/') || path.startsWith('data:')
    ? path
    : `/api/${path}`;
}

/** The resized variants plus the original, as a srcset; undefined when the server made no variants. */
export function imageSrcSet(image: BlogImage): string | undefined {
  if (!image.variants?.length) return undefined;
  return [
    ...image.variants.map((v) => `${mediaUrl(v.path)} ${v.width}w`),
    `${mediaUrl(image.path)} ${image.width}w`,
  ].join(', ');
}
