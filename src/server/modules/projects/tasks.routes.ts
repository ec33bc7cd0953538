import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TASK_MESSAGES as M } from '../../../shared/messages';
import { successMessageSchema } from '../../../shared/schemas/answers';
import {
  myTasksSchema,
  taskAnswerSchema,
  taskCommentAnswerSchema,
  taskCommentEditSchema,
  taskCommentInputSchema,
  taskCommentsSchema,
  taskInputSchema,
  taskListQuerySchema,
  taskListSchema,
  taskMoveSchema,
  taskSchema,
  taskTimelineSchema,
} from '../../../shared/schemas/tasks';
import type { Guards } from '../../auth/guards';
import { answers } from '../../http/answers';
import type { TasksService } from './tasks.service';

const idParams = z.object({ id: z.string().min(1).max(100) });
const commentParams = idParams.extend({ commentId: z.string().min(1).max(100) });
const tags = ['tasks'];

/** Tasks (docs/product/projects.md#tasks): module Projects for every route; other workspaces' ids answer 404. */
export function tasksRoutes(tasks: TasksService, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = guards.requireModule('projects');

    app.get(
      '/projects/:id/tasks',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          querystring: taskListQuerySchema,
          response: answers({ 200: taskListSchema }),
          description:
            "The project's tasks by board column and position: `search` (title), `assignee` (an id or `me`), `status`; up to 500 an answer.",
        },
      },
      (request) => tasks.list(request.currentUser!, request.params.id, request.query),
    );

    app.post(
      '/projects/:id/tasks',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          body: taskInputSchema,
          response: answers({ 201: taskAnswerSchema }),
          description:
            "A task with the project's next number (#1, #2…), last in its column; assignees from the project's team and manager; its description cleaned as blog HTML.",
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          success: true as const,
          message: M.created,
          task: await tasks.create(request.currentUser!, request.params.id, request.body),
        }),
    );

    app.get(
      '/tasks/mine',
      {
        preValidation,
        schema: {
          tags,
          response: answers({ 200: myTasksSchema }),
          description:
            "The caller's open tasks across the workspace's projects, soonest due first (at most 200).",
        },
      },
      (request) => tasks.mine(request.currentUser!),
    );

    app.get(
      '/tasks/:id',
      { preValidation, schema: { tags, params: idParams, response: answers({ 200: taskSchema }) } },
      (request) => tasks.get(request.currentUser!, request.params.id),
    );

    app.put(
      '/tasks/:id',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          body: taskInputSchema,
          response: answers({ 200: taskAnswerSchema }),
          description:
            'The whole task; a new status puts it last in that column. Done sets off a recurring task’s next one.',
        },
      },
      async (request) => ({
        success: true as const,
        message: M.updated,
        task: await tasks.update(request.currentUser!, request.params.id, request.body),
      }),
    );

    app.post(
      '/tasks/:id/move',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          body: taskMoveSchema,
          response: answers({ 200: taskAnswerSchema }),
          description: "The board's move: to a status column at an index (0: the top).",
        },
      },
      async (request) => ({
        success: true as const,
        message: M.moved,
        task: await tasks.move(request.currentUser!, request.params.id, request.body),
      }),
    );

    app.delete(
      '/tasks/:id',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          response: answers({ 200: successMessageSchema }),
          description: 'Deletes the task with its sub-tasks and comments.',
        },
      },
      async (request) => {
        await tasks.remove(request.currentUser!, request.params.id);
        return { success: true as const, message: M.deleted };
      },
    );

    app.get(
      '/tasks/:id/timeline',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          response: answers({ 200: taskTimelineSchema }),
          description:
            'What the client did on the task in the portal (approved, asked for changes, commented, uploaded), with who and when, newest first.',
        },
      },
      (request) => tasks.timeline(request.currentUser!, request.params.id),
    );

    app.get(
      '/tasks/:id/comments',
      { preValidation, schema: { tags, params: idParams, response: answers({ 200: taskCommentsSchema }) } },
      async (request) => ({ comments: await tasks.comments(request.currentUser!, request.params.id) }),
    );

    app.post(
      '/tasks/:id/comments',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          body: taskCommentInputSchema,
          response: answers({ 201: taskCommentAnswerSchema }),
          description:
            'Plain text; `visibility` internal (the default) or client: only a client-visible comment reaches the client portal.',
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          success: true as const,
          message: M.commented,
          comment: await tasks.comment(
            request.currentUser!,
            request.params.id,
            request.body.body,
            request.body.visibility,
          ),
        }),
    );

    app.put(
      '/tasks/:id/comments/:commentId',
      {
        preValidation,
        schema: {
          tags,
          params: commentParams,
          body: taskCommentEditSchema,
          response: answers({ 200: successMessageSchema }),
          description:
            'Its author only: the text, and who sees it (`visibility` internal or client; left out, unchanged).',
        },
      },
      async (request) => {
        const { id, commentId } = request.params;
        await tasks.editComment(request.currentUser!, id, commentId, request.body);
        return { success: true as const, message: M.commentUpdated };
      },
    );

    app.delete(
      '/tasks/:id/comments/:commentId',
      {
        preValidation,
        schema: {
          tags,
          params: commentParams,
          response: answers({ 200: successMessageSchema }),
          description: 'Its author only.',
        },
      },
      async (request) => {
        const { id, commentId } = request.params;
        await tasks.editComment(request.currentUser!, id, commentId, null);
        return { success: true as const, message: M.commentDeleted };
      },
    );
  };
}
