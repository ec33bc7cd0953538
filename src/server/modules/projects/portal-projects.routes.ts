import { z } from 'zod';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PORTAL_PROJECT_MESSAGES as M, TASK_MESSAGES } from '../../../shared/messages';
import {
  PORTAL_UPLOAD_HEADER,
  portalAttachmentAnswerSchema,
  portalChangeRequestSchema,
  portalCommentAnswerSchema,
  portalCommentInputSchema,
  portalProjectListSchema,
  portalProjectSchema,
  portalTaskAnswerSchema,
  portalTaskSchema,
} from '../../../shared/schemas/portal-projects';
import type { Guard } from '../../auth/guards';
import { answers } from '../../http/answers';
import { badRequest } from '../../http/errors';
import { jsonOnly } from '../../http/json-only';
import { withUploadedFile } from '../../http/multipart-file';
import { ATTACHMENT_UPLOAD_LIMITS, sendAttachment } from './task-attachments.routes';
import type { PortalProjects } from './portal-projects.service';

const tags = ['portal'];
const idParams = z.object({ id: z.string().min(1).max(100) });

/**
 * A portal upload is multipart, which a form on another site can send: it must carry the portal page's own
 * header, which no cross-site form can set (and a cross-site script cannot without a CORS preflight the
 * server never grants), besides the cookie being SameSite=Strict (docs/security.md#client-portal).
 */
async function portalPageOnly(request: FastifyRequest): Promise<void> {
  if (request.headers[PORTAL_UPLOAD_HEADER] !== '1') throw badRequest(M.uploadHeaderMissing);
}

/**
 * What a client sees of its projects and does there (docs/product/portal.md#what-a-client-sees): every
 * route behind `requirePortal` (the portal cookie only), every read scoped by the portal's workspace and
 * client; writes are JSON only but the upload, which needs the portal's header.
 */
export function portalProjectsRoutes(portal: PortalProjects, requirePortal: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: ATTACHMENT_UPLOAD_LIMITS });
    const json = jsonOnly;

    app.get(
      '/portal/projects',
      {
        preValidation: requirePortal,
        schema: {
          tags,
          response: answers({ 200: portalProjectListSchema }),
          description:
            "The signed-in client's projects (all but cancelled ones), newest first: code, name, status, dates, what each shares, and its progress and hours when it shares them.",
        },
      },
      (request) => portal.list(request.portal!),
    );

    app.get(
      '/portal/projects/:id',
      {
        preValidation: requirePortal,
        schema: {
          tags,
          params: idParams,
          response: answers({ 200: portalProjectSchema }),
          description:
            'One project of the client: each part (tasks, time, milestones, team, activity) when the project shares it, else null. Never rates, amounts or addresses. Another client’s project answers 404.',
        },
      },
      (request) => portal.project(request.portal!, request.params.id),
    );

    app.get(
      '/portal/tasks/:id',
      {
        preValidation: requirePortal,
        schema: {
          tags,
          params: idParams,
          response: answers({ 200: portalTaskSchema }),
          description:
            'A task of a project sharing its tasks: its description, client-visible comments and files (when shared) and its timeline. 404 otherwise.',
        },
      },
      (request) => portal.task(request.portal!, request.params.id),
    );

    app.post(
      '/portal/tasks/:id/comments',
      {
        preValidation: [requirePortal, json],
        schema: {
          tags,
          params: idParams,
          body: portalCommentInputSchema,
          response: answers({ 201: portalCommentAnswerSchema }),
          description:
            'The contact’s comment, visible to the client and the team, on the task’s timeline. 403 when the project does not share comments; 60 an hour per contact (429).',
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          success: true as const,
          message: M.commented,
          comment: await portal.comment(request.portal!, request.params.id, request.body.body),
        }),
    );

    app.post(
      '/portal/tasks/:id/attachments',
      {
        preValidation: [requirePortal, portalPageOnly, async (request) => portal.uploadWait(request.portal!)],
        schema: {
          tags,
          params: idParams,
          response: answers({ 201: portalAttachmentAnswerSchema }),
          description: `Multipart \`file\` with the header \`${PORTAL_UPLOAD_HEADER}: 1\`: checked by its content like a member’s upload (10 MB, 20 a task, the agency’s storage), visible to the client. 403 when the project does not share files; 30 an hour per contact (429).`,
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          success: true as const,
          message: M.uploaded,
          attachment: await withUploadedFile(
            request,
            { missing: TASK_MESSAGES.attachmentMissing, tooLarge: TASK_MESSAGES.attachmentTooLarge },
            (upload, name) => portal.upload(request.portal!, request.params.id, upload, name),
          ),
        }),
    );

    app.get(
      '/portal/attachments/:id',
      { preValidation: requirePortal, schema: { tags, params: idParams } },
      async (request, reply) =>
        sendAttachment(reply, await portal.download(request.portal!, request.params.id)),
    );

    app.post(
      '/portal/tasks/:id/approve',
      {
        preValidation: [requirePortal, json],
        schema: {
          tags,
          params: idParams,
          response: answers({ 200: portalTaskAnswerSchema }),
          description:
            'Approves a task in review: it is done, as when the team moves it (completion time, the task.completed webhook, a recurring task’s next one), and the timeline says who and when. 409 when it is not in review.',
        },
      },
      async (request) => ({
        success: true as const,
        message: M.approved,
        task: await portal.approve(request.portal!, request.params.id),
      }),
    );

    app.post(
      '/portal/tasks/:id/request-changes',
      {
        preValidation: [requirePortal, json],
        schema: {
          tags,
          params: idParams,
          body: portalChangeRequestSchema,
          response: answers({ 200: portalTaskAnswerSchema }),
          description:
            'Sends a task in review back to In progress with the note as a client-visible comment, on the timeline. 409 when it is not in review.',
        },
      },
      async (request) => ({
        success: true as const,
        message: M.changesRequested,
        task: await portal.requestChanges(request.portal!, request.params.id, request.body.note),
      }),
    );
  };
}
