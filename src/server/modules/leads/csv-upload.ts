import type { FastifyRequest } from 'fastify';
import { LEAD_MESSAGES } from '../../../shared/messages';
import { HttpError, badRequest } from '../../http/errors';

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
 * The `file` part of POST /api/leads/import. Spec §5 reads only .csv, judged by the file name as the
 * browser's file picker does. The bytes are collected (bounded by the limit above) so the parse and the
 * insert transaction run after the upload, never while a slow client is still sending.
 */
export async function readCsvUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw csvOnly();
  const part = await request.file();
  if (!part) throw badRequest(LEAD_MESSAGES.importError);
  if (!part.filename.toLowerCase().endsWith('.csv')) {
    // Drain the refused file so the connection stays usable for the answer.
    part.file.resume();
    throw csvOnly();
  }
  // Throws a 413 (FST_REQ_FILE_TOO_LARGE) past the limit; the error handler words it.
  return part.toBuffer();
}
