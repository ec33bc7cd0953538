import { finished } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { BLOG_LIMITS, blogFieldsSchema, type BlogFields } from '../../../shared/schemas/blog';
import { SERVER_MESSAGES } from '../../../shared/messages';
import { HttpError, badRequest } from '../../http/errors';
import { imageTooLarge } from '../media/media.service';
import { spoolUpload, type SpooledUpload } from '../../http/spooled-upload';

/** The multipart limits: one image of at most 5 MB, a handful of text fields. */
export const MULTIPART_LIMITS = {
  fileSize: BLOG_LIMITS.imageMaxBytes,
  files: 1,
  fields: 20,
  parts: 25,
  // Content may hold 500,000 characters of up to 4 UTF-8 bytes each.
  fieldSize: BLOG_LIMITS.contentMaxChars * 4,
};

const FIELD_NAMES = new Set(Object.keys(blogFieldsSchema.shape));
const IMAGE_FIELD = 'featuredImage';

/** The blog form as sent: text fields as strings, and the featured image's file when one was chosen. */
export interface BlogFormInput {
  fields: Record<string, unknown>;
  image: SpooledUpload | null;
}

/**
 * Reads POST/PUT /api/blogs multipart (docs/product/api.md#calls) and hands it to `use`; a JSON body of the same fields is
 * taken too (no image). The image waits in a temporary file, removed once `use` has settled.
 */
export async function withBlogForm<T>(
  request: FastifyRequest,
  use: (form: BlogFormInput) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) {
    const body = request.body;
    return use({
      fields: body && typeof body === 'object' ? (body as Record<string, unknown>) : {},
      image: null,
    });
  }
  const form: BlogFormInput = { fields: {}, image: null };
  try {
    await readMultipartForm(request, form);
    return await use(form);
  } finally {
    await form.image?.remove();
  }
}

async function readMultipartForm(request: FastifyRequest, form: BlogFormInput): Promise<void> {
  const { fields } = form;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Every file part must be drained for the parser to go on; only featuredImage is kept.
        if (part.fieldname !== IMAGE_FIELD || form.image) {
          await finished(part.file.resume());
          continue;
        }
        const upload = await spoolUpload(part);
        // Browsers send an empty file part when no file was chosen.
        if (upload.size > 0) form.image = upload;
        else await upload.remove();
        continue;
      }
      if (!FIELD_NAMES.has(part.fieldname)) continue;
      if (part.valueTruncated) throw new HttpError(413, SERVER_MESSAGES.payloadTooLarge);
      const value = String(part.value);
      // PostgreSQL cannot store NUL; the global hook cannot see multipart fields, so refuse here alike.
      if (value.includes('\u0000')) throw badRequest(SERVER_MESSAGES.badRequest);
      fields[part.fieldname] = value;
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
    // Our refusals and the plugin's own (413 limits, 400 prototype names) keep their status; anything else
    // is the parser failing on a malformed body (e.g. no boundary), which is bad input, not a 500.
    if (error instanceof HttpError || (error as { statusCode?: number }).statusCode) throw error;
    throw badRequest(SERVER_MESSAGES.badRequest);
  }
}

/** A zod refusal as the 400 (docs/product/api.md#answers-and-errors): the first message on top, every field's message in `errors`. */
export function validationError(error: z.ZodError): HttpError {
  const errors = error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  return badRequest(errors[0]?.message ?? SERVER_MESSAGES.badRequest, errors);
}

/** Blog form rules (docs/product/blog.md#validation), with the spec's texts (from the shared schema). */
export function parseBlogFields(fields: Record<string, unknown>): BlogFields {
  const parsed = blogFieldsSchema.safeParse(fields);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}
