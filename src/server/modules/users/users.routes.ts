import type { FastifyError } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  permissionsAnswerSchema,
  permissionsBodySchema,
  updateUserSchema,
  upgradeRoleSchema,
  userListAnswerSchema,
  userWriteAnswerSchema,
} from '../../../shared/schemas/users';
import { answers } from '../../http/answers';

import type { Guards } from '../../auth/guards';
import { toErrorResponse, type HttpError } from '../../http/errors';
import type { UsersService } from './users.service';

const userParams = z.object({ id: z.string().min(1).max(100) });
const listQuery = z.object({ search: z.string().max(200).optional() });

/** Users calls (docs/product/api.md#calls): GET /api/users, PUT /api/users/:id, PUT /api/users/:id/permissions, POST /api/users/upgrade-role. */
export function usersRoutes(users: UsersService, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users',
      {
        // Admin sees all workspaces; a user granted Settings & Configuration sees their own.
        preValidation: guards.requireModule('settingsConfiguration'),
        schema: { querystring: listQuery, tags: ['users'], response: answers({ 200: userListAnswerSchema }) },
      },
      async (request) => ({
        success: true as const,
        ...(await users.list(request.currentUser!, request.query.search)),
      }),
    );

    app.put(
      '/users/:id',
      {
        preValidation: guards.requireAdmin,
        schema: {
          params: userParams,
          body: updateUserSchema,
          tags: ['users'],
          response: answers({ 200: userWriteAnswerSchema }),
        },
      },
      async (request) => ({
        success: true as const,
        user: await users.update(request.currentUser!, request.params.id, request.body),
      }),
    );

    app.put(
      '/users/:id/permissions',
      {
        preValidation: guards.requireAdmin,
        schema: {
          params: userParams,
          body: permissionsBodySchema,
          tags: ['users'],
          response: answers({ 200: permissionsAnswerSchema }),
        },
        // docs/product/users.md#calls: the browser judges this call by a `success` field, so refusals carry success:false too.
        errorHandler: (error: FastifyError | HttpError, request, reply) => {
          const response = toErrorResponse(error, request);
          if (response.headers) reply.headers(response.headers);
          return reply.code(response.statusCode).send({ success: false, ...response.body });
        },
      },
      async (request) => ({
        success: true as const,
        ...(await users.setPermissions(request.currentUser!, request.params.id, request.body)),
      }),
    );

    app.post(
      '/users/upgrade-role',
      {
        // docs/product/roles-and-access.md#solo-hq-upgrade: the one thing a 'User' account does outside its profile.
        preValidation: guards.requireAccount,
        schema: {
          body: upgradeRoleSchema,
          tags: ['users'],
          response: answers({ 200: userWriteAnswerSchema }),
        },
      },
      async (request) => ({ success: true as const, user: await users.upgradeRole(request.currentUser!) }),
    );
  };
}
