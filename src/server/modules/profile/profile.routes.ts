import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileUpdateSchema, userWriteAnswerSchema } from '../../../shared/schemas/users';
import { answers } from '../../http/answers';

import type { Guards } from '../../auth/guards';
import type { ProfileService } from './profile.service';

/** A profile image is a data URL of up to ~1.4 MB of text, above the app-wide 1 MB body limit. */
const PROFILE_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

/** PUT /api/profile (docs/product/api.md#beyond-the-first-calls: profile edits are stored). GET /api/profile lives with auth. */
export function profileRoutes(profile: ProfileService, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/profile',
      {
        preValidation: guards.requireAccount,
        bodyLimit: PROFILE_BODY_LIMIT_BYTES,
        schema: {
          body: profileUpdateSchema,
          tags: ['profile'],
          response: answers({ 200: userWriteAnswerSchema }),
        },
      },
      async (request) => ({
        success: true as const,
        user: await profile.update(request.currentUser!, request.body),
      }),
    );
  };
}
