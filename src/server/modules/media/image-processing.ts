import { fileTypeFromBuffer } from 'file-type';
import { BLOG_LIMITS } from '../../../shared/schemas/blog';
import { BLOG_MESSAGES } from '../../../shared/messages';
import { HttpError } from '../../http/errors';

/** Raster types a browser shows in <img>; SVG is left out because it can carry script. */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];

/** A 5 MB file may still decode to gigabytes (decompression bomb); 50 megapixels covers real photos. */
const MAX_INPUT_PIXELS = 50_000_000;

export interface ImageVariant {
  width: number;
  contentType: string;
  bytes: Buffer;
}

export interface ProcessedImage {
  contentType: string;
  bytes: Buffer;
  width: number;
  height: number;
  /** Resized WebP copies for srcset, smallest first; only widths narrower than the original. */
  variants: ImageVariant[];
}

export const notAnImage = () => new HttpError(415, BLOG_MESSAGES.imageNotAnImage);
export const imageTooLarge = () => new HttpError(413, BLOG_MESSAGES.imageTooLarge);

/**
 * Decides what an upload is by its magic bytes (never its name or declared type), then makes the
 * variants. Runs before any transaction so the CPU work holds no database lock.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length > BLOG_LIMITS.imageMaxBytes) throw imageTooLarge();
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !IMAGE_CONTENT_TYPES.includes(detected.mime)) throw notAnImage();

  // Loaded on the first upload: libvips is ~20 MB of memory a server that never receives an image need not hold.
  const { default: sharp } = await import('sharp');
  let width: number;
  let height: number;
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    // The width a reader sees is the EXIF-rotated one.
    ({ width, height } = meta.autoOrient);
    if (meta.width * meta.height > MAX_INPUT_PIXELS) throw imageTooLarge();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw notAnImage();
  }

  const variants: ImageVariant[] = [];
  try {
    for (const target of BLOG_LIMITS.imageVariantWidths) {
      if (target >= width) continue;
      const variant = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
        .autoOrient()
        .resize({ width: target })
        .webp({ quality: 80 })
        .toBuffer();
      variants.push({ width: target, contentType: 'image/webp', bytes: variant });
    }
  } catch {
    // Valid magic bytes but an undecodable body (truncated or corrupt file).
    throw notAnImage();
  }
  return { contentType: detected.mime, bytes, width, height, variants };
}
