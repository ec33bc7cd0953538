import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { LeadImportMapping } from '../../../shared/lead-import-formats';
import { LEAD_MESSAGES, SERVER_MESSAGES } from '../../../shared/messages';
import { leadImportMappingSchema } from '../../../shared/schemas/leads';
import { HttpError, badRequest } from '../../http/errors';
import { watchArrival } from '../../http/arrival-watch';
import { spoolUpload, type SpooledUpload } from '../../http/spooled-upload';
import { CsvEncodingError, decodeCsvBytes } from './csv-decode';

/** A 100k-row lead file is ~10 MB; 50 MB leaves room for long notes without letting uploads fill memory. */
export const CSV_UPLOAD_LIMITS = {
  fileSize: 50 * 1024 * 1024,
  files: 1,
  fields: 10,
  // The `mapping` field names every column of the file it maps (Google Contacts has about sixty).
  fieldSize: 64 * 1024,
  parts: 12,
};

/** The multipart field that carries the user's column mapping (docs/product/leads.md). */
export const MAPPING_FIELD = 'mapping';

const csvOnly = () => new HttpError(415, LEAD_MESSAGES.csvOnly);

/**
 * Lead files this process holds at once, all workspaces together: from the first byte received until the
 * import or preview is done with its spool (a wait for the parse's turn included). Each is a temporary file,
 * so this bounds disk and open files rather than memory; one more is refused at once (503, Retry-After),
 * never queued.
 */
const MAX_UPLOADS_HELD = 16;
let held = 0;

export interface CsvUpload {
  /**
   * The file as text, decoded from its spool (csv-decode.ts). Called when the caller's turn at the parse
   * has come, so the text of a file waiting for its turn is never in memory.
   */
  read(): Promise<string>;
  /** The user's choices for some columns; without it every column is matched automatically. */
  mapping?: LeadImportMapping;
  /** The form's other text fields by name (a subscriber import's basis of consent), for the caller to check. */
  fields: Record<string, string>;
}

/**
 * POST /api/leads/import's form: the `file` part, and the optional `mapping` field (JSON, before or after
 * the file). Reads only .csv (docs/product/leads.md#import), judged by the file name as the browser's file picker does.
 * The file is spooled to a temporary file as it arrives (docs/decisions/0007-bounded-work.md): twenty 45 MB uploads
 * at once held 2.2 GB and slowed every page when they were gathered in memory. `job` runs once the whole
 * form is in, so the parse and the insert transaction never wait on a slow client; the spool is removed
 * when it is done. The caller takes its workspace's slot before this, so a refused upload is not read.
 * The text is decoded as UTF-8 with or without a BOM, UTF-16 with a BOM, else Windows-1252; a file in
 * none of them is refused rather than stored mangled.
 */
export async function withCsvUpload<T>(
  request: FastifyRequest,
  job: (upload: CsvUpload) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw csvOnly();
  if (held >= MAX_UPLOADS_HELD)
    throw new HttpError(503, SERVER_MESSAGES.busy, undefined, { 'Retry-After': '5' });
  held += 1;
  let spooled: SpooledUpload | undefined;
  // The whole form must keep arriving too: the file's own watch answers 408 first; a form that trickles
  // around its file has no part to fail, so its connection is cut, twice as late.
  const arrival = watchArrival(request.raw, () => request.raw.destroy(), 2);
  try {
    let mapping: LeadImportMapping | undefined;
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          // Only one file is allowed (CSV_UPLOAD_LIMITS); a second would fail the parser before this.
          if (spooled) {
            await finished(part.file.resume());
            continue;
          }
          spooled = await spoolCsvPart(part);
          continue;
        }
        if (part.fieldname !== MAPPING_FIELD) {
          // A cut value is not what was sent: refused rather than half-read.
          if (part.valueTruncated) throw badRequest(LEAD_MESSAGES.importError);
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        if (part.valueTruncated) throw badRequest(LEAD_MESSAGES.mappingInvalid);
        mapping = parseMapping(part.value);
      }
    } catch (error) {
      // A mapping sent as application/json that is not JSON: the plugin's own 406, in our words.
      if ((error as { code?: string }).code === 'FST_INVALID_JSON_FIELD_ERROR')
        throw badRequest(LEAD_MESSAGES.mappingInvalid);
      // Our refusals and the plugin's (413 limits, 400 prototype names) keep their status; anything else
      // is the parser failing on a malformed body, which is bad input, not a 500.
      if (error instanceof HttpError || (error as { statusCode?: number }).statusCode) throw error;
      throw badRequest(LEAD_MESSAGES.importError);
    }
    arrival.stop();
    if (!spooled) throw badRequest(LEAD_MESSAGES.importError);
    const { path } = spooled;
    return await job({ mapping, fields, read: () => readSpooledCsv(path) });
  } finally {
    arrival.stop();
    held -= 1;
    await spooled?.remove();
  }
}

async function spoolCsvPart(part: MultipartFile): Promise<SpooledUpload> {
  if (!part.filename.toLowerCase().endsWith('.csv')) {
    // Drain the refused file so the connection stays usable for the answer.
    part.file.resume();
    throw csvOnly();
  }
  // Past the size limit the spool is removed and the plugin's 413 thrown.
  return spoolUpload(part);
}

async function readSpooledCsv(path: string): Promise<string> {
  try {
    return await decodeCsvBytes(fs.createReadStream(path, { highWaterMark: 256 * 1024 }));
  } catch (error) {
    if (error instanceof CsvEncodingError) throw badRequest(LEAD_MESSAGES.importError);
    throw error;
  }
}

/** The `mapping` field's JSON (a string, or already parsed when sent as application/json), checked. */
function parseMapping(value: unknown): LeadImportMapping {
  let data = value;
  if (typeof value === 'string') {
    try {
      data = JSON.parse(value);
    } catch {
      throw badRequest(LEAD_MESSAGES.mappingInvalid);
    }
  }
  // "__proto__" and its kind would reach the object zod builds: no column is worth that.
  if (data && typeof data === 'object' && Object.keys(data).some((key) => key in Object.prototype))
    throw badRequest(LEAD_MESSAGES.mappingInvalid);
  const parsed = leadImportMappingSchema.safeParse(data);
  if (!parsed.success) throw badRequest(LEAD_MESSAGES.mappingInvalid);
  return parsed.data;
}
