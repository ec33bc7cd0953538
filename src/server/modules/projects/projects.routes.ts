import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PROJECT_MESSAGES as M } from '../../../shared/messages';
import { successMessageSchema } from '../../../shared/schemas/answers';
import {
  projectAnswerSchema,
  projectDeliverySchema,
  projectInputSchema,
  projectListQuerySchema,
  projectListSchema,
  projectMembersSchema,
  projectSchema,
  projectSummarySchema,
  projectTimelineSchema,
} from '../../../shared/schemas/projects';
import type { Guards } from '../../auth/guards';
import { answers } from '../../http/answers';
import type { ProjectsService } from './projects.service';

const idParams = z.object({ id: z.string().min(1).max(100) });
const tags = ['projects'];

/**
 * Projects (docs/product/projects.md#projects): module Projects for every route; another workspace's project
 * answers 404 as one that does not exist.
 */
export function projectsRoutes(projects: ProjectsService, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = guards.requireModule('projects');

    app.get(
      '/projects',
      {
        preValidation,
        schema: {
          tags,
          querystring: projectListQuerySchema,
          response: answers({ 200: projectListSchema }),
          description:
            "A page of the workspace's projects: `search` (name, code, client), `client`, `manager` (an id or `me`), `status` (comma-separated), `due` (overdue, this-week, this-month, none), `overBudget`; sorted by creation, name, due date, delivery or number.",
        },
      },
      (request) => projects.list(request.currentUser!, request.query),
    );

    app.get(
      '/projects/members',
      {
        preValidation,
        schema: {
          tags,
          response: answers({ 200: projectMembersSchema }),
          description: 'The members who may manage a project or be on its team: active, with Projects.',
        },
      },
      async (request) => ({ members: await projects.members(request.currentUser!) }),
    );

    app.get(
      '/projects/summary',
      {
        preValidation,
        schema: {
          tags,
          response: answers({ 200: projectSummarySchema }),
          description:
            "Live figures: active and open projects (with the plan's limit), projects due this week, overdue tasks, and minutes logged this ISO week (the workspace's for its admins, one's own for others).",
        },
      },
      (request) => projects.summary(request.currentUser!),
    );

    app.get(
      '/projects/:id',
      { preValidation, schema: { tags, params: idParams, response: answers({ 200: projectSchema }) } },
      (request) => projects.get(request.currentUser!, request.params.id),
    );

    app.get(
      '/projects/:id/timeline',
      {
        preValidation,
        schema: { tags, params: idParams, response: answers({ 200: projectTimelineSchema }) },
      },
      async (request) => ({ events: await projects.timeline(request.currentUser!, request.params.id) }),
    );

    app.post(
      '/projects',
      {
        preValidation,
        schema: {
          tags,
          body: projectInputSchema,
          response: answers({ 201: projectAnswerSchema }),
          description:
            "A project for a client of the workspace: it takes the workspace's next number and, unless one is given, the code P-001…; amounts are minor units of the client's currency. Solo HQ keeps 5 open projects (409).",
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          success: true as const,
          message: M.created,
          project: await projects.create(request.currentUser!, request.body),
        }),
    );

    app.put(
      '/projects/:id',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          body: projectInputSchema,
          response: answers({ 200: projectAnswerSchema }),
          description: 'The whole project; its team becomes the one sent.',
        },
      },
      async (request) => ({
        success: true as const,
        message: M.updated,
        project: await projects.update(request.currentUser!, request.params.id, request.body),
      }),
    );

    app.post(
      '/projects/:id/deliver',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          body: projectDeliverySchema,
          response: answers({ 200: projectAnswerSchema }),
          description: 'Marks the project Delivered on `deliveredOn` (today when empty) with a note.',
        },
      },
      async (request) => ({
        success: true as const,
        message: M.delivered,
        project: await projects.deliver(request.currentUser!, request.params.id, request.body),
      }),
    );

    app.delete(
      '/projects/:id',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          response: answers({ 200: successMessageSchema }),
          description:
            "Deletes the project with its team and timeline: its manager or the workspace's admins.",
        },
      },
      async (request) => {
        await projects.remove(request.currentUser!, request.params.id);
        return { success: true as const, message: M.deleted };
      },
    );
  };
}
