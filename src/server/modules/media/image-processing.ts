import type { Sharp } from 'sharp';
import { loadModule } from '../../lib/load-module';
type SharpFactory = typeof import('sharp');
import { BLOG_LIMITS } from '../../../shared/schemas/blog';
import { BLOG_MESSAGES } from '../../../shared/messages';
import { HttpError } from '../../http/errors';
import { createWorkGate } from '../../lib/work-gate';
import { WORKSPACE_WORK } from '../../lib/workspace-work';
import type { SpooledUpload } from '../../http/spooled-upload';
import { fileTypeOfFile } from '../../lib/file-type';

/** Raster types a browser shows in <img>; SVG is left out because it can carry script. */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];
type ImageType = keyof typeof REENCODE;

/** A 5 MB file may still decode to gigabytes (decompression bomb); 50 megapixels covers real photos. */
export const MAX_INPUT_PIXELS = 50_000_000;

/** How each accepted type is written anew: the same format, at a quality no reader tells from the upload. */
const REENCODE = {
  'image/jpeg': (image: Sharp) => image.jpeg({ quality: 90 }),
  'image/png': (image: Sharp) => image.png(),
  'image/webp': (image: Sharp) => image.webp({ quality: 90 }),
  'image/gif': (image: Sharp) => image.gif(),
  'image/avif': (image: Sharp) => image.avif({ quality: 70 }),
} as const satisfies Record<string, (image: Sharp) => Sharp>;

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
export function processImage(
  upload: Pick<SpooledUpload, 'path' | 'size'>,
  workspaceId: string,
): Promise<ProcessedImage> {
  if (upload.size > BLOG_LIMITS.imageMaxBytes) return Promise.reject(imageTooLarge());
  return WORKSPACE_WORK.images.run(workspaceId, () => imageWork.run(() => decodeAndEncode(upload.path)));
}

/**
 * Runs other image work (Web Settings' logo and icons) under the same per-workspace share and the same
 * one-at-a-time gate as the featured images.
 */
export function runImageWork<T>(workspaceId: string, work: () => Promise<T>): Promise<T> {
  return WORKSPACE_WORK.images.run(workspaceId, () => imageWork.run(work));
}

/**
 * Each sharp call holds a thread of libuv's four-thread pool until it ends; twenty uploads at once would
 * hold them all, and the file reads and compression that pages need would wait behind them (docs/decisions/0007-bounded-work.md).
 * Images are processed one at a time per process; others wait their turn (staff uploads, not a flood:
 * the wait is bounded generously rather than refused).
 */
const imageWork = createWorkGate({ concurrency: 1, maxWaitMs: 120_000, initialEstimateMs: 500 });

/** Loaded on the first upload: libvips is ~20 MB of memory a server that never receives an image need not hold. */
let sharpLoaded: Promise<SharpFactory> | undefined;
export function loadSharp(): Promise<SharpFactory> {
  sharpLoaded ??= loadModule<{ default: typeof import('sharp') }>('sharp').then(({ default: sharp }) => {
    // libvips would otherwise run each image on every core; one leaves the other to serve pages.
    sharp.concurrency(1);
    return sharp;
  });
  return sharpLoaded;
}

/** Reads the upload from its file: libvips decodes it in its own thread, never on the event loop. */
async function decodeAndEncode(file: string): Promise<ProcessedImage> {
  const detected = await fileTypeOfFile(file);
  if (!detected || !IMAGE_CONTENT_TYPES.includes(detected.mime)) throw notAnImage();

  const sharp = await loadSharp();
  let width: number;
  let height: number;
  try {
    const meta = await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    // The width a reader sees is the EXIF-rotated one.
    ({ width, height } = meta.autoOrient);
    if (meta.width * meta.height > MAX_INPUT_PIXELS) throw imageTooLarge();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw notAnImage();
  }

  // What is stored and served is the image written anew from its decoded pixels, never the upload's own
  // bytes: whatever a polyglot hides after or inside the image (a script, an HTML page) and the metadata a
  // camera wrote (GPS position) are gone, and a file whose pixels do not all decode is refused.
  let stored: Buffer;
  try {
    const animated = detected.mime === 'image/gif' || detected.mime === 'image/webp';
    const decoded = sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', animated });
    stored = await REENCODE[detected.mime as ImageType](decoded.autoOrient()).toBuffer();
  } catch {
    throw notAnImage();
  }

  const variants: ImageVariant[] = [];
  try {
    for (const target of BLOG_LIMITS.imageVariantWidths) {
      if (target >= width) continue;
      const variant = await sharp(stored, { limitInputPixels: MAX_INPUT_PIXELS })
        .resize({ width: target })
        .webp({ quality: 80 })
        .toBuffer();
      variants.push({ width: target, contentType: 'image/webp', bytes: variant });
    }
  } catch {
    // Valid magic bytes but an undecodable body (truncated or corrupt file).
    throw notAnImage();
  }
  return { contentType: detected.mime, bytes: stored, width, height, variants };
}
