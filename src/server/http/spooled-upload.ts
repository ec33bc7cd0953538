import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { SERVER_MESSAGES } from '../../shared/messages';
import { watchArrival } from './arrival-watch';
import { HttpError, fileTooLarge } from './errors';

/** Temporary files of this process start with this (in the OS's temporary folder). */
export const SPOOL_PREFIX = `agencyhq-upload-${process.pid}-`;

/** An uploaded file written to a temporary file as it arrived; `remove()` when the request is done with it. */
export interface SpooledUpload {
  path: string;
  size: number;
  remove(): Promise<void>;
}

/**
 * Writes a multipart file part to a temporary file instead of gathering it in memory. Joining a 5 MB upload
 * into one Buffer is a single copy on the event loop (100 ms and more with twenty uploads arriving at once:
 * docs/decisions/0007-bounded-work.md), and twenty of them held 100 MB of heap; written out, the bytes go through libuv's threads and
 * sharp reads them from the file in its own. The multipart size limit still applies: the part's stream
 * fails with the plugin's FST_REQ_FILE_TOO_LARGE and the partial file is removed.
 */
export async function spoolUpload(part: MultipartFile): Promise<SpooledUpload> {
  const file = path.join(os.tmpdir(), `${SPOOL_PREFIX}${randomUUID()}`);
  const remove = () => fs.promises.rm(file, { force: true });
  // Readable only by this user: an upload may be a private draft's image.
  const out = fs.createWriteStream(file, { mode: 0o600 });
  const watchdog = watchArrival(part.file, () => part.file.destroy(new Error('upload too slow')));
  try {
    await pipeline(part.file, out);
    // Past the limit the parser stops writing and marks the part, without failing its stream.
    if (part.file.truncated) throw fileTooLarge();
  } catch (error) {
    await remove();
    throw watchdog.tooSlow ? new HttpError(408, SERVER_MESSAGES.uploadTooSlow) : error;
  } finally {
    watchdog.stop();
  }
  return { path: file, size: out.bytesWritten, remove };
}
