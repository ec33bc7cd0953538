import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

/** The bytes are in no encoding the import reads without mangling them. */
export class CsvEncodingError extends Error {
  constructor() {
    super('The file is not UTF-8, UTF-16 with a byte order mark, or Windows-1252.');
  }
}

/** Bytes re-decoded between two turns of the event loop when a file turns out not to be UTF-8. */
const REDECODE_SLICE_BYTES = 256 * 1024;

/**
 * An uploaded CSV as text, decoded chunk by chunk as it is read from its spool: joining 50 MB into one Buffer and
 * decoding it at once held the event loop for 150 ms (docs/decisions/0007-bounded-work.md). What spreadsheets and CRMs write (docs/product/leads.md):
 * - UTF-8, with or without a byte order mark (removed);
 * - UTF-16 little- or big-endian with its byte order mark (Excel's "Unicode Text");
 * - Windows-1252 (Excel's plain "CSV" on a Western-European Windows) when the bytes are not valid UTF-8:
 *   the file is then decoded again from its first byte, so "Müller" arrives as "Müller", never as
 *   "M\uFFFDller".
 * A file that fits none of them is refused (CsvEncodingError) rather than stored mangled: UTF-16 with a
 * broken surrogate, bytes Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D), or a mix of UTF-8
 * and single-byte text (a Windows-1252 reading would turn its "ü" into "Ã¼").
 * The UTF-8 reading keeps the chunks it has decoded until the end, for that second reading.
 */
export async function decodeCsvBytes(source: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks = readChunks(source);
  // The byte order mark needs the first three bytes, which a chunk may split.
  const head = await chunks.peek(3);
  if (head[0] === 0xff && head[1] === 0xfe) return decodeStrict('utf-16le', chunks);
  if (head[0] === 0xfe && head[1] === 0xff) return decodeStrict('utf-16be', chunks);

  const utf8 = new TextDecoder('utf-8', { fatal: true });
  /** The chunk decoded as UTF-8 (undefined: the end), or null when the bytes are not UTF-8. */
  const asUtf8 = (chunk?: Buffer): string | null => {
    try {
      return chunk ? utf8.decode(chunk, { stream: true }) : utf8.decode();
    } catch (error) {
      if (error instanceof TypeError) return null;
      throw error;
    }
  };
  const seen: Buffer[] = [];
  let text = '';
  for (let chunk = await chunks.next(); chunk; chunk = await chunks.next()) {
    seen.push(chunk);
    const part = asUtf8(chunk);
    if (part === null) return decodeWindows1252(seen, chunks);
    text += part;
  }
  const last = asUtf8();
  return last === null ? decodeWindows1252(seen, chunks) : text + last;
}

interface Chunks {
  /** The next chunk, or null at the end. */
  next(): Promise<Buffer | null>;
  /** At least `bytes` bytes from the start (fewer if the stream is shorter), kept for next(). */
  peek(bytes: number): Promise<Buffer>;
}

function readChunks(source: AsyncIterable<Uint8Array>): Chunks {
  const iterator = source[Symbol.asyncIterator]();
  let held: Buffer | null = null;
  const pull = async () => {
    const step = await iterator.next();
    return step.done ? null : Buffer.from(step.value.buffer, step.value.byteOffset, step.value.byteLength);
  };
  return {
    async next() {
      if (!held) return pull();
      const chunk = held;
      held = null;
      return chunk;
    },
    async peek(bytes) {
      let head = held ?? Buffer.alloc(0);
      while (head.length < bytes) {
        const chunk = await pull();
        if (!chunk) break;
        head = Buffer.concat([head, chunk]);
      }
      held = head.length > 0 ? head : null;
      return head;
    },
  };
}

async function decodeStrict(encoding: 'utf-16le' | 'utf-16be', chunks: Chunks): Promise<string> {
  // The decoder drops the byte order mark itself.
  const decoder = new TextDecoder(encoding, { fatal: true });
  let text = '';
  try {
    for (let chunk = await chunks.next(); chunk; chunk = await chunks.next())
      text += decoder.decode(chunk, { stream: true });
    return text + decoder.decode();
  } catch (error) {
    if (error instanceof TypeError) throw new CsvEncodingError();
    throw error;
  }
}

/** Code points Windows-1252 gives its five undefined bytes (WHATWG maps them to C1 controls). */
const UNDEFINED_IN_WINDOWS_1252 = /[\u0081\u008d\u008f\u0090\u009d]/;

/** The bytes already read, then the rest of the stream, as Windows-1252 (one byte, one character). */
async function decodeWindows1252(seen: Buffer[], rest: Chunks): Promise<string> {
  const decoder = new TextDecoder('windows-1252');
  let text = '';
  let sinceYield = 0;
  const add = async (chunk: Buffer) => {
    if (holdsUtf8Sequence(chunk)) throw new CsvEncodingError();
    const part = decoder.decode(chunk, { stream: true });
    if (UNDEFINED_IN_WINDOWS_1252.test(part)) throw new CsvEncodingError();
    text += part;
    sinceYield += chunk.length;
    if (sinceYield >= REDECODE_SLICE_BYTES) {
      sinceYield = 0;
      await yieldToEventLoop();
    }
  };
  for (const chunk of seen) await add(chunk);
  seen.length = 0;
  for (let chunk = await rest.next(); chunk; chunk = await rest.next()) await add(chunk);
  return text + decoder.decode();
}

/**
 * Whether the bytes hold a well-formed UTF-8 sequence of two or more bytes. Windows-1252 text almost never
 * does (it would take "Ã" followed by "¼", say); a file that has them and also bytes that are not UTF-8 is
 * a mix, which no single reading shows right.
 */
function holdsUtf8Sequence(bytes: Buffer): boolean {
  const continuation = (i: number) => i < bytes.length && bytes[i]! >= 0x80 && bytes[i]! <= 0xbf;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i]!;
    if (byte < 0xc2 || byte > 0xf4) continue;
    const length = byte <= 0xdf ? 2 : byte <= 0xef ? 3 : 4;
    let whole = true;
    for (let k = 1; k < length; k += 1) whole &&= continuation(i + k);
    if (whole) return true;
  }
  return false;
}
