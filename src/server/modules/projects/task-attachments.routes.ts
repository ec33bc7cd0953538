import { z } from 'zod';
import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TASK_MESSAGES as M } from '../../../shared/messages';
import { successMessageSchema } from '../../../shared/schemas/answers';
import { PORTAL_PROJECT_MESSAGES } from '../../../shared/messages';
import {
  TASK_LIMITS,
  taskAttachmentAnswerSchema,
  taskAttachmentQuerySchema,
  taskAttachmentsSchema,
  taskAttachmentVisibilitySchema,
} from '../../../shared/schemas/tasks';
import type { Guards } from '../../auth/guards';
import { answers } from '../../http/answers';
import { withUploadedFile } from '../../http/multipart-file';
import type { TaskAttachments } from './task-attachments';

const tags = ['tasks'];
const taskParams = z.object({ id: z.string().min(1).max(100) });
const fileParams = taskParams.extend({ attachmentId: z.string().min(1).max(100) });
/** The multipart limits of a task's upload, the staff's and the portal's. */
export const ATTACHMENT_UPLOAD_LIMITS = {
  fileSize: TASK_LIMITS.attachmentMaxBytes,
  files: 1,
  fields: 2,
  parts: 3,
};

/** A stored file as a download: always an attachment, never sniffed, never cached (staff and portal alike). */
export function sendAttachment(
  reply: FastifyReply,
  file: { name: string; content_type: string; data: Buffer | Uint8Array },
) {
  return reply
    .header('Content-Type', file.content_type)
    .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(Buffer.from(file.data));
}

/** Files on a task (docs/product/projects.md#tasks): module Projects; multipart parsed here only. */
export function taskAttachmentRoutes(files: TaskAttachments, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: ATTACHMENT_UPLOAD_LIMITS });
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
          querystring: taskAttachmentQuerySchema,
          response: answers({ 201: taskAttachmentAnswerSchema }),
          description:
            'Multipart `file`: a PDF, image, Office document, ZIP or plain text of at most 10 MB, checked by its content and counted in the plan’s storage; 20 a task. `?visibility=client` shows it to the client in the portal (default internal).',
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          success: true as const,
          message: M.attached,
          attachment: await withUploadedFile(
            request,
            { missing: M.attachmentMissing, tooLarge: M.attachmentTooLarge },
            (upload, name) =>
              files.add(request.currentUser!, request.params.id, upload, name, request.query.visibility),
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
        return sendAttachment(reply, file);
      },
    );

    app.put(
      '/tasks/:id/attachments/:attachmentId/visibility',
      {
        preValidation,
        schema: {
          tags,
          params: fileParams,
          body: taskAttachmentVisibilitySchema,
          response: answers({ 200: taskAttachmentAnswerSchema }),
          description:
            'Internal or client: only a client-visible file reaches the client portal. Who attached it, the project’s manager or a workspace admin.',
        },
      },
      async (request) => ({
        success: true as const,
        message: PORTAL_PROJECT_MESSAGES.visibilityChanged,
        attachment: await files.setVisibility(
          request.currentUser!,
          request.params.id,
          request.params.attachmentId,
          request.body.visibility,
        ),
      }),
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
