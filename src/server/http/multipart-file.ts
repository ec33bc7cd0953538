import { finished } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '../../shared/messages';
import { badRequest, HttpError } from './errors';
import { spoolUpload, type SpooledUpload } from './spooled-upload';

/**
 * The multipart body's `file`, spooled to a temporary file with its name, handed to `use`, and removed once
 * `use` has settled. Other parts are drained; an empty or missing file is 400 `missing`, one past the
 * route's size limit 413 `tooLarge`.
 */
export async function withUploadedFile<T>(
  request: FastifyRequest,
  messages: { missing: string; tooLarge: string },
  use: (upload: SpooledUpload, name: string) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw badRequest(messages.missing);
  let upload: SpooledUpload | null = null;
  let name = '';
  try {
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'file' || upload) {
          await finished(part.file.resume());
          continue;
        }
        const spooled = await spoolUpload(part);
        if (spooled.size > 0) {
          upload = spooled;
          name = part.filename;
        } else await spooled.remove();
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new HttpError(413, messages.tooLarge);
      if (error instanceof HttpError || (error as { statusCode?: number }).statusCode) throw error;
      throw badRequest(SERVER_MESSAGES.badRequest);
    }
    if (!upload) throw badRequest(messages.missing);
    return await use(upload, name);
  } finally {
    await (upload as SpooledUpload | null)?.remove();
  }
}
