import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Below this a compressed body saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 1024;
/**
 * Brotli 5: within a few percent of the densest setting for HTML at a fraction of its time (quality 11
 * takes ~100x longer), which matters because the first request after a publish waits for it.
 */
const BROTLI_QUALITY = 5;

export type Encoding = 'br' | 'gzip' | 'identity';

/** A body in every form a client may ask for, compressed once, with a strong validator per form. */
export interface EncodedBody {
  forms: Partial<Record<Encoding, Buffer>> & { identity: Buffer };
  /** Quoted hash of the identity bytes; each compressed form appends its coding. */
  etag: string;
  /** Bytes held, for the cache's size bound. */
  size: number;
}

/**
 * Brotli's window: the smallest power of two the body fits in (16 to 24 bits). The default 4 MB window
 * costs every compression ~10 MB of encoder state for a page of 40 KB, and no window beyond the body's
 * size compresses it better.
 */
const brotliWindowBits = (bytes: number) => Math.min(24, Math.max(16, Math.ceil(Math.log2(bytes + 1))));

/**
 * A body's own bytes: `Buffer.from` puts small strings in a shared 8 KB slab, which one kept body would hold
 * whole — so a cache of small answers (404s, redirects) would weigh far more than it counts.
 */
function ownBytes(body: string | Buffer): Buffer {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  if (bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.byteLength);
  bytes.copy(own);
  return own;
}

export async function encodeBody(body: string | Buffer): Promise<EncodedBody> {
  const identity = ownBytes(body);
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  const forms: EncodedBody['forms'] = { identity };
  if (identity.length >= MIN_COMPRESS_BYTES) {
    // Both on libuv's pool, in parallel, off the event loop.
    const [br, gz] = await Promise.all([
      brotli(identity, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
          [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(identity.length),
        },
      }),
      gzip(identity, { level: 6 }),
    ]);
    forms.br = ownBytes(br);
    forms.gzip = ownBytes(gz);
  }
  const size = identity.length + (forms.br?.length ?? 0) + (forms.gzip?.length ?? 0);
  return { forms, etag: `"${hash}"`, size };
}

const SUFFIX: Record<Encoding, string> = { br: '-br', gzip: '-gz', identity: '' };

/** The form to send for an Accept-Encoding header (identity when nothing offered fits). */
export function chooseEncoding(body: EncodedBody, acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding || !body.forms.br) return 'identity';
  return negotiate(acceptEncoding, ['br', 'gzip', 'identity']) ?? 'identity';
}

/** Each encoding is its own representation, so its strong validator differs (RFC 9110 §8.8.3). */
export function etagOf(body: EncodedBody, encoding: Encoding): string {
  return encoding === 'identity' ? body.etag : `${body.etag.slice(0, -1)}${SUFFIX[encoding]}"`;
}

/** If-None-Match matches any form of the same bytes: the client holds this content, whatever coding. */
export function matchesIfNoneMatch(body: EncodedBody, header: string | undefined): boolean {
  if (!header) return false;
  const base = body.etag.slice(1, -1);
  return header.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    if (tag === '*') return true;
    const inner = tag.slice(1, -1);
    return inner === base || inner === `${base}-br` || inner === `${base}-gz`;
  });
}
