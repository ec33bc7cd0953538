import { finished } from 'node:stream/promises';
import { z } from 'zod';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SERVER_MESSAGES, TASK_MESSAGES as M } from '../../../shared/messages';
import { successMessageSchema } from '../../../shared/schemas/answers';
import {
  TASK_LIMITS,
  taskAttachmentAnswerSchema,
  taskAttachmentsSchema,
} from '../../../shared/schemas/tasks';
import type { Guards } from '../../auth/guards';
import { answers } from '../../http/answers';
import { badRequest, HttpError } from '../../http/errors';
import { spoolUpload, type SpooledUpload } from '../../http/spooled-upload';
import type { TaskAttachments } from './task-attachments';

const tags = ['tasks'];
const taskParams = z.object({ id: z.string().min(1).max(100) });
const fileParams = taskParams.extend({ attachmentId: z.string().min(1).max(100) });
const LIMITS = { fileSize: TASK_LIMITS.attachmentMaxBytes, files: 1, fields: 2, parts: 3 };

/** The multipart body's `file`, spooled to a temporary file with its name; removed once `use` has settled. */
async function withFile<T>(
  request: FastifyRequest,
  use: (upload: SpooledUpload, name: string) => Promise<T>,
) {
  if (!request.isMultipart()) throw badRequest(M.attachmentMissing);
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
        throw new HttpError(413, M.attachmentTooLarge);
      if (error instanceof HttpError || (error as { statusCode?: number }).statusCode) throw error;
      throw badRequest(SERVER_MESSAGES.badRequest);
    }
    if (!upload) throw badRequest(M.attachmentMissing);
    return await use(upload, name);
  } finally {
    await (upload as SpooledUpload | null)?.remove();
  }
}

/** Files on a task (docs/product/projects.md#tasks): module Projects; multipart parsed here only. */
export function taskAttachmentRoutes(files: TaskAttachments, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: LIMITS });
    const preValidation = guards.requireModule('projects');

    app.get(
      '/tasks/:id/attachments',
      {
        preValidation,
        schema: { tags, params: taskParams, response: answers({ 200: taskAttachmentsSchema }) },
      },
      async (request) => ({ attachments: await files.list(request.currentUser!, request.params.id) }),
    );

    app.post(
      '/tasks/:id/attachments',
      {
        preValidation,
        schema: {
          tags,
          params: taskParams,
          response: answers({ 201: taskAttachmentAnswerSchema }),
          description:
            'Multipart `file`: a PDF, image, Office document, ZIP or plain text of at most 10 MB, checked by its content and counted in the plan’s storage; 20 a task.',
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          success: true as const,
          message: M.attached,
          attachment: await withFile(request, (upload, name) =>
            files.add(request.currentUser!, request.params.id, upload, name),
          ),
        }),
    );

    app.get(
      '/tasks/:id/attachments/:attachmentId',
      { preValidation, schema: { tags, params: fileParams } },
      async (request, reply) => {
        const file = await files.download(
          request.currentUser!,
          request.params.id,
          request.params.attachmentId,
        );
        return reply
          .header('Content-Type', file.content_type)
          .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, no-store')
          .send(Buffer.from(file.data));
      },
    );

    app.delete(
      '/tasks/:id/attachments/:attachmentId',
      {
        preValidation,
        schema: { tags, params: fileParams, response: answers({ 200: successMessageSchema }) },
      },
      async (request) => {
        await files.remove(request.currentUser!, request.params.id, request.params.attachmentId);
        return { success: true as const, message: M.attachmentDeleted };
      },
    );
  };
}
