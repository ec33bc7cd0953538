import { finished } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { LeadImportMapping } from '../../../shared/lead-import-formats';
import { LEAD_MESSAGES } from '../../../shared/messages';
import { leadImportMappingSchema } from '../../../shared/schemas/leads';
import { HttpError, badRequest, fileTooLarge } from '../../http/errors';
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

export interface CsvUpload {
  csv: string;
  /** The user's choices for some columns; without it every column is matched automatically. */
  mapping?: LeadImportMapping;
}

/**
 * POST /api/leads/import's form: the `file` part as text, and the optional `mapping` field (JSON, before
 * or after the file). Reads only .csv (docs/product/leads.md#import), judged by the file name as the browser's file picker does.
 * The whole file is read (bounded by the limit above) so the parse and the insert transaction run after
 * the upload, never while a slow client is still sending. It is decoded as it arrives (csv-decode.ts):
 * UTF-8 with or without a BOM, UTF-16 with a BOM, else Windows-1252; a file in none of them is refused
 * rather than stored mangled.
 */
export async function readCsvUpload(request: FastifyRequest): Promise<CsvUpload> {
  if (!request.isMultipart()) throw csvOnly();
  let csv: string | undefined;
  let mapping: LeadImportMapping | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Only one file is allowed (CSV_UPLOAD_LIMITS); a second would fail the parser before this.
        if (csv !== undefined) {
          await finished(part.file.resume());
          continue;
        }
        csv = await readCsvPart(part);
        continue;
      }
      if (part.fieldname !== MAPPING_FIELD) continue;
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
  if (csv === undefined) throw badRequest(LEAD_MESSAGES.importError);
  return { csv, mapping };
}

async function readCsvPart(part: MultipartFile): Promise<string> {
  if (!part.filename.toLowerCase().endsWith('.csv')) {
    // Drain the refused file so the connection stays usable for the answer.
    part.file.resume();
    throw csvOnly();
  }
  let text: string;
  try {
    text = await decodeCsvBytes(part.file);
  } catch (error) {
    if (!(error instanceof CsvEncodingError)) throw error;
    part.file.resume();
    // A file cut at the size limit may end inside a character: that is its size's fault.
    throw part.file.truncated ? fileTooLarge() : badRequest(LEAD_MESSAGES.importError);
  }
  // Past the limit the parser stops and marks the part without failing the stream.
  if (part.file.truncated) throw fileTooLarge();
  return text;
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
