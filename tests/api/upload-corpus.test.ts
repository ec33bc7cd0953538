import zlib from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES, BLOG_MESSAGES, LEAD_MESSAGES, SERVER_MESSAGES } from '../../src/shared/messages';
import { BLOG_LIMITS, type Blog } from '../../src/shared/schemas/blog';
import { createTestApp, type TestApp } from './support/test-app';
import { insertUser, seededAdmin, userRow, type TestUser } from './support/users';
import { blogFields, createBlog, createCategory, getJson, sendBlog } from './support/blogs';
import { multipartBody, type FilePart } from './support/multipart';
import { emptyWorkspaceOwner, importCsv } from './support/leads';
import { SPOOL_PREFIX } from '../../src/server/http/spooled-upload';

/**
 * Upload corpus (docs/security.md#stored-content security sweep): hostile files against every upload the server takes, namely
 * blog featured images (POST and PUT /api/blogs), the leads CSV import and the profile image data URL.
 * Non-images, scriptable SVG, binaries renamed .csv, zero bytes, truncated files, decompression bombs and
 * over-limit files get a 4xx JSON `{ message }` with the exact shared text and leave no row behind;
 * polyglots that are genuine images are only ever served back with their image type, `nosniff`, and
 * variants re-encoded to WebP without the smuggled script.
 */

const SCRIPT = '<script>alert(document.domain)</script>';
const HTML_PAGE = `<!doctype html><html><body><h1>hi</h1>${SCRIPT}</body></html>`;
const SVG_SCRIPT = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${SCRIPT}</svg>`;
const SVG_ONLOAD = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"/>';
const SVG_WITH_PROLOG = `<?xml version="1.0" encoding="UTF-8"?>\n${SVG_SCRIPT}`;
const PDF =
  '%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<<>>\n%%EOF\n';
const EXE = Buffer.concat([
  Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff]),
  Buffer.alloc(50),
  Buffer.from('This program cannot be run in DOS mode.\r\r\n$'),
]);
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0]), Buffer.alloc(40)]);

const file = (filename: string, contentType: string, bytes: Buffer | string): FilePart => ({
  filename,
  contentType,
  bytes: typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes,
});

/** A flat-colour image of the given format, made by sharp. */
function solid(width: number, height: number, format: 'png' | 'gif' | 'jpeg' | 'tiff'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 20 } } })
    .toFormat(format)
    .toBuffer();
}

/** A photo-like (incompressible) image: its pixel data spans most of the file, so cutting it in half cuts pixels. */
function noisy(width: number, height: number, format: 'png' | 'jpeg'): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .toFormat(format)
    .toBuffer();
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a 1-bit greyscale PNG of width x height. `complete` deflates every row (a valid
 * file, ~1 KB per 1,000,000 pixels); otherwise only the header is honest and the pixel data stops early.
 */
function pngBomb(width: number, height: number, complete: boolean): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rowBytes = Math.ceil(width / 8) + 1;
  const raw = Buffer.alloc(rowBytes * (complete ? height : 4));
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG with a tEXt chunk (right after IHDR) holding the given text. */
function pngWithText(png: Buffer, text: string): Buffer {
  const afterIhdr = PNG_SIGNATURE.length + 25;
  const chunk = pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\u0000', 'latin1'), Buffer.from(text)]));
  return Buffer.concat([png.subarray(0, afterIhdr), chunk, png.subarray(afterIhdr)]);
}

/** A JPEG with a COM (comment) segment right after SOI holding the given text. */
function jpegWithComment(jpeg: Buffer, text: string): Buffer {
  const payload = Buffer.from(text);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(payload.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, payload, jpeg.subarray(2)]);
}

interface Refusal {
  label: string;
  make: () => FilePart | Promise<FilePart>;
  status: 413 | 415;
  message: string;
}

const notAnImage = (label: string, make: Refusal['make']): Refusal => ({
  label,
  make,
  status: 415,
  message: BLOG_MESSAGES.imageNotAnImage,
});

/** Every featured-image upload the server must refuse, whatever name and type the part claims. */
const IMAGE_REFUSALS: Refusal[] = [
  notAnImage('a PDF named .png', () => file('cv.png', 'image/png', PDF)),
  notAnImage('a Windows executable (MZ) named .gif', () => file('cat.gif', 'image/gif', EXE)),
  notAnImage('a ZIP archive named .jpg', () => file('photo.jpg', 'image/jpeg', ZIP)),
  notAnImage('an HTML page sent as text/html', () => file('page.html', 'text/html', HTML_PAGE)),
  notAnImage('an HTML page named .png', () => file('evil.png', 'image/png', HTML_PAGE)),
  notAnImage('a JavaScript file', () => file('x.js', 'text/javascript', 'alert(document.cookie);')),
  notAnImage('an SVG with <script> (.svg, image/svg+xml)', () =>
    file('logo.svg', 'image/svg+xml', SVG_SCRIPT),
  ),
  notAnImage('an SVG with onload= named .png', () => file('logo.png', 'image/png', SVG_ONLOAD)),
  notAnImage('an SVG with an XML prolog and <script>', () =>
    file('logo.svg', 'image/svg+xml', SVG_WITH_PROLOG),
  ),
  notAnImage('the GIF89a=alert(1)// polyglot (a GIF header that is also JavaScript)', () =>
    file('x.gif', 'image/gif', 'GIF89a=alert(document.domain)//;'),
  ),
  notAnImage('a real TIFF (an image type the server does not serve)', async () =>
    file('scan.tif', 'image/tiff', await solid(64, 64, 'tiff')),
  ),
  notAnImage('a BMP header', () =>
    file('old.bmp', 'image/bmp', Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)])),
  ),
  notAnImage('a PNG signature and nothing else', () => file('x.png', 'image/png', PNG_SIGNATURE)),
  notAnImage('a PNG truncated inside its pixel data', async () => {
    const png = await noisy(1200, 600, 'png');
    return file('cut.png', 'image/png', png.subarray(0, Math.floor(png.length / 2)));
  }),
  notAnImage('a narrow PNG truncated inside its pixel data (no resized copy would decode it)', async () => {
    const png = await noisy(300, 150, 'png');
    return file('cut-small.png', 'image/png', png.subarray(0, Math.floor(png.length / 2)));
  }),
  notAnImage('a narrow JPEG truncated inside its scan data', async () => {
    const jpeg = await noisy(300, 150, 'jpeg');
    return file('cut-small.jpg', 'image/jpeg', jpeg.subarray(0, Math.floor(jpeg.length / 2)));
  }),
  notAnImage('a JPEG truncated inside its scan data', async () => {
    const jpeg = await noisy(1200, 600, 'jpeg');
    return file('cut.jpg', 'image/jpeg', jpeg.subarray(0, Math.floor(jpeg.length / 2)));
  }),
  notAnImage('a PNG bomb declaring 30000x30000 with a few rows of data', () =>
    file('bomb.png', 'image/png', pngBomb(30_000, 30_000, false)),
  ),
  notAnImage('a complete, valid 10000x10000 PNG bomb (100 megapixels in ~15 KB)', () =>
    file('bomb.png', 'image/png', pngBomb(10_000, 10_000, true)),
  ),
  {
    label: 'a valid PNG padded one byte past the 5 MB limit',
    make: async () => {
      const png = await solid(100, 100, 'png');
      const padding = Buffer.alloc(BLOG_LIMITS.imageMaxBytes + 1 - png.length);
      return file('big.png', 'image/png', Buffer.concat([png, padding]));
    },
    status: 413,
    message: BLOG_MESSAGES.imageTooLarge,
  },
];

interface Polyglot {
  label: string;
  make: () => Promise<FilePart>;
  /** What the bytes really are (the type the original must be served with). */
  type: string;
  format: 'png' | 'gif' | 'jpeg';
  width: number;
  /** The smuggled text that must never reach a reader in a re-encoded copy. */
  smuggled: string;
}

/** Files that are genuine images and also carry HTML or script: the server may keep them, never serve them as markup. */
const POLYGLOTS: Polyglot[] = [
  {
    label: 'a PNG with an HTML page appended after IEND',
    make: async () =>
      file('a.png', 'image/png', Buffer.concat([await solid(800, 400, 'png'), Buffer.from(HTML_PAGE)])),
    type: 'image/png',
    format: 'png',
    width: 800,
    smuggled: SCRIPT,
  },
  {
    label: 'a GIF with JavaScript appended after its trailer, declared as text/html',
    make: async () =>
      file('a.html', 'text/html', Buffer.concat([await solid(600, 300, 'gif'), Buffer.from(`\n${SCRIPT}`)])),
    type: 'image/gif',
    format: 'gif',
    width: 600,
    smuggled: SCRIPT,
  },
  {
    label: 'a JPEG with an HTML comment segment',
    make: async () => file('a.jpg', 'image/jpeg', jpegWithComment(await solid(640, 480, 'jpeg'), HTML_PAGE)),
    type: 'image/jpeg',
    format: 'jpeg',
    width: 640,
    smuggled: SCRIPT,
  },
  {
    label: 'a PNG with an SVG in a tEXt chunk, declared as image/svg+xml',
    make: async () => file('a.svg', 'image/svg+xml', pngWithText(await solid(500, 250, 'png'), SVG_ONLOAD)),
    type: 'image/png',
    format: 'png',
    width: 500,
    smuggled: 'onload=',
  },
];

describe('upload corpus', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const count = async (table: 'media' | 'media_variants' | 'blogs' | 'leads' | 'activity') =>
    Number(
      (
        await t.database.handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('blog featured images (POST and PUT /api/blogs)', () => {
    let admin: TestUser;
    let categoryId: string;
    /** A post with a good image: every refused PUT must leave it exactly as it is. */
    let existing: Blog;
    const fields = (overrides: Record<string, string> = {}) => blogFields(categoryId, overrides);
    const storedPost = () =>
      t.database.handle.db
        .selectFrom('blogs')
        .select(['title', 'featured_media_id'])
        .where('id', '=', existing.id)
        .executeTakeFirstOrThrow();

    beforeAll(async () => {
      admin = await seededAdmin(t);
      categoryId = (await createCategory(t, admin.headers, 'Corpus')).id;
      existing = await createBlog(t, admin.headers, fields({ title: 'Has An Image' }), {
        filename: 'ok.png',
        contentType: 'image/png',
        bytes: await solid(700, 350, 'png'),
      });
      expect(existing.featuredImage).not.toBeNull();
    });

    it.each(IMAGE_REFUSALS)('refuses $label on create and on update, storing nothing', async (refusal) => {
      const image = await refusal.make();
      const before = await Promise.all([count('blogs'), count('media'), count('media_variants')]);
      const postBefore = await storedPost();

      const created = await sendBlog(t, admin.headers, fields({ title: 'Refused Upload' }), { image });
      expect(created.statusCode).toBe(refusal.status);
      expect(created.headers['content-type']).toMatch(/^application\/json/);
      expect(created.json()).toEqual({ message: refusal.message });

      const updated = await sendBlog(t, admin.headers, fields({ title: 'Changed By Refused' }), {
        id: existing.id,
        image,
      });
      expect(updated.statusCode).toBe(refusal.status);
      expect(updated.json()).toEqual({ message: refusal.message });

      expect(await Promise.all([count('blogs'), count('media'), count('media_variants')])).toEqual(before);
      expect(await storedPost()).toEqual(postBefore);
      expect((await getJson(t, '/api/blogs/refused-upload', admin.headers)).statusCode).toBe(404);
    });

    it('treats a zero-byte file as "no file chosen": a post without an image, and an update that keeps the old one', async () => {
      const empty = file('empty.png', 'image/png', Buffer.alloc(0));
      const before = await Promise.all([count('media'), count('media_variants')]);
      const created = await sendBlog(t, admin.headers, fields({ title: 'Zero Byte Image' }), {
        image: empty,
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().blog.featuredImage).toBeNull();

      const updated = await sendBlog(t, admin.headers, fields({ title: 'Has An Image' }), {
        id: existing.id,
        image: empty,
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json().blog.featuredImage.path).toBe(existing.featuredImage!.path);
      expect(await Promise.all([count('media'), count('media_variants')])).toEqual(before);
    });

    it.each(POLYGLOTS)(
      'keeps $label only as an image: served with its image type and nosniff, variants re-encoded without the script',
      async (polyglot) => {
        const image = await polyglot.make();
        expect(image.bytes.includes(polyglot.smuggled)).toBe(true);
        const blog = await createBlog(
          t,
          admin.headers,
          fields({ title: `Polyglot ${polyglot.format}` }),
          image,
        );
        expect(blog.featuredImage).toMatchObject({ width: polyglot.width });

        const original = await getJson(t, `/api/${blog.featuredImage!.path}`);
        expect(original.statusCode).toBe(200);
        expect(original.headers['content-type']).toBe(polyglot.type);
        expect(original.headers['x-content-type-options']).toBe('nosniff');
        // Even a browser that sniffed it as a document would run no inline script under this policy.
        expect(String(original.headers['content-security-policy'])).toMatch(/script-src 'self'/);
        expect((await sharp(original.rawPayload).metadata()).format).toBe(polyglot.format);
        // The original is written anew from its pixels: what the polyglot smuggled is not served at all.
        expect(original.rawPayload.includes(polyglot.smuggled)).toBe(false);

        const variants = blog.featuredImage!.variants;
        expect(variants.length).toBeGreaterThan(0);
        for (const variant of variants) {
          const served = await getJson(t, `/api/${variant.path}`);
          expect(served.statusCode).toBe(200);
          expect(served.headers['content-type']).toBe('image/webp');
          expect(served.headers['x-content-type-options']).toBe('nosniff');
          expect(served.rawPayload.includes(polyglot.smuggled)).toBe(false);
          expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
        }
      },
    );

    it('processes two images of a workspace at a time and refuses a third at once with 429, storing nothing for it', async () => {
      const owner = await seededAdmin(t);
      // Photo-like images take long enough to re-encode that all three are under way together.
      const photo = file('photo.png', 'image/png', await noisy(1200, 900, 'png'));
      const before = await count('media');
      const answers = await Promise.all(
        [1, 2, 3].map((n) =>
          sendBlog(t, owner.headers, fields({ title: `Busy Photo ${n}` }), { image: photo }),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 201, 429]);
      const refused = answers.find((r) => r.statusCode === 429)!;
      expect(refused.json()).toEqual({ message: BLOG_MESSAGES.imagesBusy });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await count('media')).toBe(before + 2);
    });

    it('leaves no temporary file behind, whether the image was stored, refused or too large', async () => {
      // Uploads wait in temporary files while they are checked (never gathered on the event loop).
      const spooled = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(SPOOL_PREFIX));
      const stored = await sendBlog(t, admin.headers, fields({ title: 'Spooled And Stored' }), {
        image: file('ok.png', 'image/png', await solid(400, 200, 'png')),
      });
      expect(stored.statusCode).toBe(201);
      const refused = await sendBlog(t, admin.headers, fields({ title: 'Spooled And Refused' }), {
        image: file('page.png', 'image/png', Buffer.from('<html><script>alert(1)</script></html>')),
      });
      expect(refused.statusCode).toBe(415);
      const tooLarge = await sendBlog(t, admin.headers, fields({ title: 'Spooled Too Large' }), {
        image: file('big.png', 'image/png', Buffer.alloc(BLOG_LIMITS.imageMaxBytes + 1)),
      });
      expect(tooLarge.statusCode).toBe(413);
      expect(spooled()).toEqual([]);
    });
  });

  describe('leads CSV import (POST /api/leads/import)', () => {
    let owner: TestUser;
    const VALID = 'Name,Email\r\nAsha Rao,asha@corpus.test\r\n';

    beforeAll(async () => {
      owner = await emptyWorkspaceOwner(t, 'Import Corpus');
    });

    interface CsvRefusal {
      label: string;
      make: () => Buffer | string | Promise<Buffer>;
      filename?: string;
      status: number;
      message: string;
    }
    const importError = (label: string, make: CsvRefusal['make']): CsvRefusal => ({
      label,
      make,
      status: 400,
      message: LEAD_MESSAGES.importError,
    });
    const noColumns = (label: string, make: CsvRefusal['make']): CsvRefusal => ({
      label,
      make,
      status: 400,
      message: LEAD_MESSAGES.missingColumns,
    });
    const wrongName = (filename: string): CsvRefusal => ({
      label: `a valid CSV named ${filename}`,
      make: () => VALID,
      filename,
      status: 415,
      message: LEAD_MESSAGES.csvOnly,
    });

    const CSV_REFUSALS: CsvRefusal[] = [
      importError('a PNG image named .csv', () => solid(40, 20, 'png')),
      importError('a Windows executable named .csv', () => EXE),
      importError('an .xlsx (ZIP) renamed .csv', () => ZIP),
      importError(
        'a valid CSV with a NUL byte in a cell',
        () => 'Name,Email\r\nAs\u0000ha,asha@corpus.test\r\n',
      ),
      // With its BOM, UTF-16 is read (docs/product/leads.md, leads-import-formats.test.ts); without, it is NULs.
      importError('a UTF-16LE CSV without a BOM (every other byte NUL)', () => Buffer.from(VALID, 'utf16le')),
      noColumns('zero bytes', () => Buffer.alloc(0)),
      noColumns('an HTML page named .csv', () => HTML_PAGE),
      noColumns('an SVG with <script> named .csv', () => SVG_SCRIPT),
      // Not UTF-8, so read as Windows-1252 (docs/product/leads.md): text without a header row.
      noColumns('a PDF named .csv (not UTF-8)', () => Buffer.from(PDF, 'latin1')),
      noColumns('the GIF89a=alert(1)// polyglot named .csv', () => 'GIF89a=alert(document.domain)//;'),
      wrongName('leads.csv.exe'),
      wrongName('leads.png'),
      wrongName('leads.html'),
      wrongName('leads'),
    ];

    it.each(CSV_REFUSALS)('refuses $label with a clear 4xx and creates no lead', async (refusal) => {
      const before = await Promise.all([count('leads'), count('activity')]);
      const response = await importCsv(t.app, owner.headers, await refusal.make(), refusal.filename);
      expect(response.statusCode).toBe(refusal.status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message: refusal.message });
      expect(await Promise.all([count('leads'), count('activity')])).toEqual(before);
    });

    it('refuses a file one byte over the 50 MB limit with 413', async () => {
      const limit = 50 * 1024 * 1024;
      const head = Buffer.from(VALID);
      const bytes = Buffer.concat([head, Buffer.alloc(limit + 1 - head.length, 'x')]);
      const body = multipartBody({}, { file: file('huge.csv', 'text/csv', bytes) });
      const before = await count('leads');
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/leads/import',
        headers: { ...owner.headers, ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: SERVER_MESSAGES.payloadTooLarge });
      expect(await count('leads')).toBe(before);
    });

    it('refuses a file of Latin-1 mixed with UTF-8-shaped bytes (overlong, surrogates, 0xFF) and stores nothing', async () => {
      const bytes = Buffer.concat([
        Buffer.from('Name,Email,Notes\r\n'),
        Buffer.from('Jos\xe9 Garc\xeda,jose@latin1.test,', 'latin1'),
        Buffer.from([0x80, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xf0, 0x9f, 0x98, 0xff]),
        Buffer.from('\r\n'),
      ]);
      const before = await count('leads');
      const response = await importCsv(t.app, owner.headers, bytes);
      // Decoding it anyway would store "Jos\uFFFD Garc\uFFFDa" (as UTF-8) or mojibake (as Windows-1252, which
      // a file of Latin-1 alone is read as): a clear refusal instead, nothing stored.
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: LEAD_MESSAGES.importError });
      expect(await count('leads')).toBe(before);
    });
  });

  describe('profile image (PUT /api/profile data URL)', () => {
    it('refuses scriptable, non-image, empty and non-base64 data URLs and keeps the old image', async () => {
      const admin = await seededAdmin(t);
      const user = await insertUser(t, { workspaceId: admin.workspaceId, role: 'Web Developer' });
      const good = `data:image/png;base64,${(await solid(8, 8, 'png')).toString('base64')}`;
      const put = (profileImage: string) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/profile',
          headers: user.headers,
          payload: { profileImage },
        });
      expect((await put(good)).statusCode).toBe(200);

      const b64 = (text: string) => Buffer.from(text).toString('base64');
      for (const profileImage of [
        `data:image/svg+xml;base64,${b64(SVG_SCRIPT)}`,
        `data:image/svg+xml,${encodeURIComponent(SVG_ONLOAD)}`,
        `data:text/html;base64,${b64(HTML_PAGE)}`,
        `data:application/pdf;base64,${b64(PDF)}`,
        `data:image/png,${SVG_ONLOAD}`,
        'data:image/png;base64,',
        `data:image/png;base64,${b64('GIF89a')}<script>`,
        `javascript:alert(document.domain)//data:image/png;base64,${b64('x')}`,
        // Well-formed data URLs whose bytes are not the image they name:
        `data:image/png;base64,${b64(HTML_PAGE)}`,
        `data:image/gif;base64,${b64(SVG_SCRIPT)}`,
        `data:image/jpeg;base64,${(await solid(8, 8, 'png')).toString('base64')}`,
      ]) {
        const response = await put(profileImage);
        expect(response.statusCode, profileImage.slice(0, 40)).toBe(400);
        expect(response.json().message).toBe(ACCESS_MESSAGES.imageInvalid);
      }
      expect((await userRow(t, user.id)).profile_image).toBe(good);
    });
  });
});
