import type { FastifyRequest } from 'fastify';
import { LEAD_MESSAGES } from '../../../shared/messages';
import { HttpError, badRequest, fileTooLarge } from '../../http/errors';

/** A 100k-row lead file is ~10 MB; 50 MB leaves room for long notes without letting uploads fill memory. */
export const CSV_UPLOAD_LIMITS = {
  fileSize: 50 * 1024 * 1024,
  files: 1,
  fields: 10,
  fieldSize: 1024,
  parts: 12,
};

const csvOnly = () => new HttpError(415, LEAD_MESSAGES.csvOnly);

/**
 * The `file` part of POST /api/leads/import, as text. Reads only .csv (docs/product/leads.md#import), judged by the file name as
 * the browser's file picker does. The whole file is read (bounded by the limit above) so the parse and the
 * insert transaction run after the upload, never while a slow client is still sending. It is decoded as it
 * arrives, chunk by chunk: joining 50 MB into one Buffer and decoding it at once held the event loop for
 * 150 ms (docs/decisions/0007-bounded-work.md). A file that is not UTF-8 (a Latin-1 export, say) is refused rather than stored mangled.
 */
export async function readCsvUpload(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) throw csvOnly();
  const part = await request.file();
  if (!part) throw badRequest(LEAD_MESSAGES.importError);
  if (!part.filename.toLowerCase().endsWith('.csv')) {
    // Drain the refused file so the connection stays usable for the answer.
    part.file.resume();
    throw csvOnly();
  }
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let text = '';
  try {
    for await (const chunk of part.file) text += decoder.decode(chunk as Buffer, { stream: true });
    text += decoder.decode();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    part.file.resume();
    throw badRequest(LEAD_MESSAGES.importError);
  }
  // Past the limit the parser stops and marks the part without failing the stream.
  if (part.file.truncated) throw fileTooLarge();
  return text;
}
