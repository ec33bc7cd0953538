import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TIME_MESSAGES as M } from '../../../shared/messages';
import { successMessageSchema } from '../../../shared/schemas/answers';
import {
  countAnswerSchema,
  pendingApprovalsSchema,
  timeApprovalSchema,
  timeEntryAnswerSchema,
  timeEntryInputSchema,
  timeEntryListSchema,
  timeEntryQuerySchema,
  timeEntrySchema,
  timeReportQuerySchema,
  timeReportSchema,
  timerSchema,
  timerStartSchema,
  weekSchema,
} from '../../../shared/schemas/time';
import type { Guards } from '../../auth/guards';
import { answers } from '../../http/answers';
import type { TimeReports } from './time-reports';
import type { TimeService } from './time.service';

const idParams = z.object({ id: z.string().min(1).max(100) });
const tags = ['time'];

/**
 * Time (docs/product/projects.md#time): module Projects for every route; each person writes only their own
 * time, approvals are the project manager's; other workspaces' ids answer 404.
 */
export function timeRoutes(time: TimeService, reports: TimeReports, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = guards.requireModule('projects');

    app.get(
      '/time-entries',
      {
        preValidation,
        schema: {
          tags,
          querystring: timeEntryQuerySchema,
          response: answers({ 200: timeEntryListSchema }),
          description:
            "Entries from `from` to `to` (at most 366 days): the caller's (`user=me`, the default), a member's or `all` — an admin sees everyone's, others their own and their projects' time; `project`, `status`.",
        },
      },
      (request) => time.list(request.currentUser!, request.query),
    );

    app.get(
      '/time-entries/export.csv',
      { preValidation, schema: { tags, querystring: timeReportQuerySchema } },
      async (request, reply) =>
        reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', 'attachment; filename="time.csv"')
          .header('Cache-Control', 'no-store')
          .send(Readable.from(reports.exportCsv(request.currentUser!, request.query))),
    );

    app.get(
      '/time-entries/:id',
      { preValidation, schema: { tags, params: idParams, response: answers({ 200: timeEntrySchema }) } },
      (request) => time.get(request.currentUser!, request.params.id),
    );

    app.post(
      '/time-entries',
      {
        preValidation,
        schema: {
          tags,
          body: timeEntryInputSchema,
          response: answers({ 201: timeEntryAnswerSchema }),
          description:
            "The caller's own time on a project whose team they are on: the rate in force (theirs on the project, else the project's) is kept with it.",
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          success: true as const,
          message: M.logged,
          entry: await time.log(request.currentUser!, request.body),
        }),
    );

    app.put(
      '/time-entries/:id',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          body: timeEntryInputSchema,
          response: answers({ 200: timeEntryAnswerSchema }),
          description: 'Own open entries only: submitted and approved time is locked (409).',
        },
      },
      async (request) => ({
        success: true as const,
        message: M.updated,
        entry: await time.update(request.currentUser!, request.params.id, request.body),
      }),
    );

    app.delete(
      '/time-entries/:id',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          response: answers({ 200: successMessageSchema }),
          description: 'Own open entries only.',
        },
      },
      async (request) => {
        await time.remove(request.currentUser!, request.params.id);
        return { success: true as const, message: M.deleted };
      },
    );

    app.get(
      '/timer',
      {
        preValidation,
        schema: {
          tags,
          response: answers({ 200: timerSchema }),
          description: "The caller's running timer, or null.",
        },
      },
      async (request) => ({ timer: await time.timer(request.currentUser!) }),
    );

    app.post(
      '/timer/start',
      {
        preValidation,
        schema: {
          tags,
          body: timerStartSchema,
          response: answers({ 201: timeEntryAnswerSchema }),
          description: 'Starts a timer on a project (and task); one runs per person (409 while one runs).',
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          success: true as const,
          message: M.timerStarted,
          entry: await time.start(request.currentUser!, request.body),
        }),
    );

    app.post(
      '/timer/stop',
      {
        preValidation,
        schema: {
          tags,
          response: answers({ 200: timeEntryAnswerSchema }),
          description: 'Stops the running timer: its minutes rounded up, at least 1, at most a day.',
        },
      },
      async (request) => ({
        success: true as const,
        message: M.timerStopped,
        entry: await time.stop(request.currentUser!),
      }),
    );

    app.post(
      '/time-entries/submit',
      {
        preValidation,
        schema: {
          tags,
          body: weekSchema,
          response: answers({ 200: countAnswerSchema }),
          description: "Submits the caller's open time of the week starting that Monday for approval.",
        },
      },
      async (request) => {
        const count = await time.submit(request.currentUser!, request.body.weekStart);
        return { success: true as const, message: M.submitted(count), count };
      },
    );

    app.get(
      '/time-approvals',
      {
        preValidation,
        schema: {
          tags,
          response: answers({ 200: pendingApprovalsSchema }),
          description: 'Submitted weeks of the projects the caller manages (every project, for admins).',
        },
      },
      (request) => time.pending(request.currentUser!),
    );

    app.post(
      '/time-approvals',
      {
        preValidation,
        schema: {
          tags,
          body: timeApprovalSchema,
          response: answers({ 200: countAnswerSchema }),
          description:
            "Approves (locks) or returns one person's submitted week on one project: the project's manager or a workspace admin.",
        },
      },
      async (request) => {
        const count = await time.decide(request.currentUser!, request.body);
        return {
          success: true as const,
          message: request.body.action === 'approve' ? M.approved(count) : M.returned(count),
          count,
        };
      },
    );

    app.get(
      '/time-reports',
      {
        preValidation,
        schema: {
          tags,
          querystring: timeReportQuerySchema,
          response: answers({ 200: timeReportSchema }),
          description:
            'Hours by project, client, member or week from `from` to `to`, billable and approved apart, money per currency.',
        },
      },
      (request) => reports.report(request.currentUser!, request.query),
    );
  };
}
