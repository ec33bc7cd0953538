import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TASK_MESSAGES as M } from '../../../shared/messages';
import { successMessageSchema } from '../../../shared/schemas/answers';
import { PUBLIC_ROUTE, type Guards } from '../../auth/guards';
import { notFound } from '../../http/errors';
import { answers } from '../../http/answers';
import type { CalendarFeed } from './calendar-feed';

const tags = ['tasks'];

/** The member's own calendar feed under /api, needing Projects; never reached with an API key. */
export function calendarFeedRoutes(feed: CalendarFeed, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = guards.requireModule('projects');

    app.get(
      '/calendar-feed',
      {
        preValidation,
        schema: {
          tags,
          response: answers({
            200: z.object({
              active: z.boolean(),
              createdAt: z.string().nullable(),
              lastReadAt: z.string().nullable(),
            }),
          }),
          description:
            'Whether the caller has a calendar feed, since when, and when a calendar last read it.',
        },
      },
      (request) => feed.status(request.currentUser!),
    );

    app.post(
      '/calendar-feed',
      {
        preValidation,
        schema: {
          tags,
          response: answers({ 201: z.object({ url: z.string(), createdAt: z.string() }) }),
          description:
            "A new secret URL of the caller's task due dates (iCalendar), shown this once; any earlier one stops working.",
        },
      },
      async (request, reply) => reply.code(201).send(await feed.create(request.currentUser!)),
    );

    app.delete(
      '/calendar-feed',
      {
        preValidation,
        schema: {
          tags,
          response: answers({ 200: successMessageSchema }),
          description: 'Revokes the caller’s calendar feed: its URL answers 404 from now on.',
        },
      },
      async (request) => {
        await feed.revoke(request.currentUser!);
        return { success: true as const, message: M.feedRevoked };
      },
    );
  };
}

/** The feed itself, outside /api: what a calendar app subscribes to. The secret in the path is the key. */
export function calendarFileRoutes(feed: CalendarFeed): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/calendar/:token',
      { config: PUBLIC_ROUTE, schema: { hide: true, params: z.object({ token: z.string().max(200) }) } },
      async (request, reply) => {
        const text = await feed.read(request.params.token);
        if (text === null) throw notFound(M.feedNotFound);
        return reply
          .header('Content-Type', 'text/calendar; charset=utf-8')
          .header('Cache-Control', 'private, max-age=300')
          .header('X-Robots-Tag', 'noindex')
          .send(text);
      },
    );
  };
}
