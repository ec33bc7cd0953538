import fs from 'node:fs';
import type { Sharp } from 'sharp';
import { SITE_SETTINGS_MESSAGES as M } from '../../../shared/messages';
import { SITE_IMAGE_SIZES as S, type SiteImageKind } from '../../../shared/site-settings';
import { HttpError, badRequest } from '../../http/errors';
import {
  IMAGE_CONTENT_TYPES,
  loadSharp,
  MAX_INPUT_PIXELS,
  type ImageVariant,
  type ProcessedImage,
} from '../media/media.service';
import { fileTypeOfFile } from '../../lib/file-type';

export const siteImageNotAnImage = () => new HttpError(415, M.imageNotAnImage);
export const siteImageTooLarge = () => new HttpError(413, M.imageTooLarge);

/** data: images an SVG may embed (decoded by librsvg as pixels, never as another document). */
const EMBEDDED_RASTER = /^data:image\/(?:png|jpe?g|gif|webp);base64,/i;

/** Numeric character references decoded, so `&#106;avascript:` reads as what a renderer would see. */
function decodeReferences(text: string): string {
  const char = (code: number) => {
    try {
      return String.fromCodePoint(code);
    } catch {
      return '';
    }
  };
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => char(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => char(parseInt(dec, 10)));
}

/** The text with every whitespace and control character dropped (browsers skip them inside a URL scheme). */
const withoutSpaceOrControls = (text: string) =>
  [...text].filter((char) => char.trim() !== '' && char.charCodeAt(0) >= 0x20).join('');

/**
 * Why an SVG is refused, or null when it is plain shapes. Whatever could run code or fetch something when
 * the file is shown is refused whole rather than cleaned: scripts, event attributes (onload=...),
 * javascript: links, embedded HTML (foreignObject, iframe, object, embed), entity declarations, and every
 * reference outside the file (href or src other than '#id' or an embedded PNG/JPEG/GIF/WebP, CSS url()
 * or @import). Accepted SVGs are rasterised anyway: what the site serves is a PNG.
 */
export function svgProblem(svg: string): string | null {
  const text = decodeReferences(svg);
  if (/<\s*script\b/i.test(text)) return 'a script';
  if (/[\s"'/]on[a-z]+\s*=/i.test(text)) return 'an event handler (an on… attribute)';
  if (/(?:java|vb)script:/i.test(withoutSpaceOrControls(text))) return 'a javascript: link';
  if (/<\s*foreignObject\b/i.test(text)) return 'embedded HTML (foreignObject)';
  if (/<\s*(?:iframe|object|embed)\b/i.test(text)) return 'embedded content (iframe, object or embed)';
  if (/<!ENTITY/i.test(text)) return 'an entity declaration';
  const external = 'a reference to another file or address';
  for (const match of text.matchAll(/\b(?:xlink:)?(?:href|src)\s*=\s*(["'])([\s\S]*?)\1/gi)) {
    const value = match[2]!.trim();
    if (!value.startsWith('#') && !EMBEDDED_RASTER.test(value)) return external;
  }
  if (/url\(\s*(?!["']?\s*#)/i.test(text) || /@import/i.test(text)) return external;
  return null;
}

/** An SVG document: UTF-8 text with an <svg> element (file-type does not tell SVG from other XML). */
async function readSvg(file: string): Promise<string | null> {
  const bytes = await fs.promises.readFile(file);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  return /<svg[\s>]/i.test(text) ? text : null;
}

/** The box each kind fills: the SVG is drawn at the density that gives it, so it stays sharp. */
function svgScale(kind: SiteImageKind, width: number, height: number): number {
  if (kind === 'logo') return Math.min(S.logoMaxWidth / width, S.logoMaxHeight / height);
  if (kind === 'trusted') return Math.min(S.trustedMaxWidth / width, S.trustedMaxHeight / height);
  if (kind === 'icon') return Math.max(512 / width, 512 / height);
  return Math.max(S.shareWidth / width, S.shareHeight / height);
}

type SharpFactory = Awaited<ReturnType<typeof loadSharp>>;

/** The decoded upload, auto-oriented; an SVG (checked first) drawn at the size its kind needs. */
async function decode(
  sharp: SharpFactory,
  kind: SiteImageKind,
  file: string,
): Promise<{ image: Sharp; source: string }> {
  const detected = await fileTypeOfFile(file);
  if (detected && IMAGE_CONTENT_TYPES.includes(detected.mime)) {
    let meta;
    try {
      meta = await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    } catch {
      throw siteImageNotAnImage();
    }
    if (meta.width * meta.height > MAX_INPUT_PIXELS) throw siteImageTooLarge();
    const image = sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' }).autoOrient();
    return { image, source: detected.mime };
  }
  const svg = await readSvg(file);
  if (svg === null) throw siteImageNotAnImage();
  const problem = svgProblem(svg);
  if (problem) throw badRequest(M.svgRefused(problem));
  // librsvg draws the shapes only: it runs no script and, with every reference refused above, loads nothing.
  let meta;
  try {
    meta = await sharp(Buffer.from(svg)).metadata();
  } catch {
    throw siteImageNotAnImage();
  }
  if (!meta.width || !meta.height) throw siteImageNotAnImage();
  const density = Math.min(100_000, Math.max(1, 72 * svgScale(kind, meta.width, meta.height)));
  const image = sharp(Buffer.from(svg), { density, limitInputPixels: MAX_INPUT_PIXELS });
  return { image, source: 'image/svg+xml' };
}

async function encode(image: Sharp): Promise<{ bytes: Buffer; width: number; height: number }> {
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}

/**
 * A Web Settings image made from an upload (a file on disk, at most 5 MB): decided by its content, never
 * its name. Logo: re-encoded, at most 512 px tall (JPEG stays JPEG, the rest PNG); a trusted-by logo the
 * same, at most 96 px tall and 480 px wide. Icon: a 512 px PNG square
 * (cropped to the centre) with 32, 180 and 192 px copies. Share image: exactly 1200×630 (PNG from a PNG or an
 * SVG, else JPEG on white). Only the first frame of an animation is kept.
 */
export async function makeSiteImage(kind: SiteImageKind, file: string): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  const { image, source } = await decode(sharp, kind, file);
  try {
    if (kind === 'logo' || kind === 'trusted') {
      const logo = kind === 'logo';
      const resized = image.resize({
        width: logo ? S.logoMaxWidth : S.trustedMaxWidth,
        height: logo ? S.logoMaxHeight : S.trustedMaxHeight,
        fit: 'inside',
        withoutEnlargement: source !== 'image/svg+xml',
      });
      const jpeg = source === 'image/jpeg';
      const out = await encode(jpeg ? resized.jpeg({ quality: 90 }) : resized.png());
      return { contentType: jpeg ? 'image/jpeg' : 'image/png', ...out, variants: [] };
    }
    if (kind === 'icon') {
      const largest = S.iconSizes.at(-1)!;
      const out = await encode(image.resize(largest, largest, { fit: 'cover' }).png());
      const variants: ImageVariant[] = [];
      for (const size of S.iconSizes.filter((s) => s < largest)) {
        const bytes = await sharp(out.bytes).resize(size, size).png().toBuffer();
        variants.push({ width: size, contentType: 'image/png', bytes });
      }
      return { contentType: 'image/png', ...out, variants };
    }
    const card = image.resize(S.shareWidth, S.shareHeight, { fit: 'cover' });
    if (source === 'image/svg+xml' || source === 'image/png')
      return { contentType: 'image/png', ...(await encode(card.png())), variants: [] };
    const out = await encode(card.flatten({ background: '#ffffff' }).jpeg({ quality: 85 }));
    return { contentType: 'image/jpeg', ...out, variants: [] };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // Valid magic bytes but pixels that do not all decode (a truncated or corrupt file).
    throw siteImageNotAnImage();
  }
}
