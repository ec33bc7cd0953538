import { describe, expect, it } from 'vitest';
import { CsvEncodingError, decodeCsvBytes } from './csv-decode';

/** The bytes as a stream would bring them, cut into chunks of `size` (splitting characters and BOMs). */
async function* inChunks(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}
const decode = (bytes: Buffer, size = 1 << 16) => decodeCsvBytes(inChunks(bytes, size));
const TEXT = 'Name,Email,Company\r\nZoë Müller,zoe@x.test,Café Crème\r\n山田 太郎,taro@x.test,😀 Ltd\r\n';

describe('decodeCsvBytes', () => {
  it('reads UTF-8 with or without a byte order mark, whatever the chunks cut', async () => {
    for (const size of [1, 2, 3, 7, 1 << 16]) {
      expect(await decode(Buffer.from(TEXT, 'utf8'), size)).toBe(TEXT);
      const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT, 'utf8')]);
      expect(await decode(bom, size)).toBe(TEXT);
    }
    expect(await decode(Buffer.alloc(0))).toBe('');
    expect(await decode(Buffer.from('a'))).toBe('a');
  });

  it('reads UTF-16 little- and big-endian by their byte order mark (Excel "Unicode Text")', async () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TEXT, 'utf16le')]);
    const be = Buffer.from(le);
    be.swap16();
    for (const size of [1, 3, 1 << 16]) {
      expect(await decode(le, size)).toBe(TEXT);
      expect(await decode(be, size)).toBe(TEXT);
    }
  });

  it('reads Windows-1252 when the bytes are not UTF-8, from the first byte, even if that comes late', async () => {
    const latin = 'Name;Firma;Notizen\r\nJürgen Müller;Müller & Söhne;Budget 5.000 €, „gut“ – ok\r\n';
    // One byte per character: Latin-1's own, and Windows-1252's for the typographic marks and the euro.
    const bytes = Buffer.from(
      [...latin].map((c) => ({ '€': 0x80, '„': 0x84, '“': 0x93, '–': 0x96 })[c] ?? c.charCodeAt(0)),
    );
    expect(await decode(bytes)).toBe(latin);
    // The first byte that is not UTF-8 after a megabyte of ASCII: everything before is read again alike.
    const long = Buffer.concat([
      Buffer.from('Name,Email\r\n'),
      Buffer.alloc(2 << 20, 0x61),
      Buffer.from([0xfc]),
    ]);
    const text = await decode(long, 1000);
    expect(text).toHaveLength(long.length);
    expect(text.endsWith('aü')).toBe(true);
    expect(await decode(Buffer.from([0x4d, 0xfc]), 1)).toBe('Mü');
  });

  it('refuses what no reading shows right', async () => {
    const refusals: [string, Buffer][] = [
      ['a byte Windows-1252 leaves undefined', Buffer.from([0x41, 0xfc, 0x81, 0x42])],
      ['UTF-8 mixed with Windows-1252', Buffer.concat([Buffer.from('Müller,', 'utf8'), Buffer.from([0xfc])])],
      ['UTF-16 with a lone surrogate', Buffer.from([0xff, 0xfe, 0x41, 0x00, 0x00, 0xd8, 0x41, 0x00])],
    ];
    for (const [label, bytes] of refusals)
      await expect(decode(bytes), label).rejects.toBeInstanceOf(CsvEncodingError);
  });
});
