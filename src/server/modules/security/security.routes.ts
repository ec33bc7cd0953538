import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { encryptionStatusSchema, type EncryptionStatus } from '../../../shared/schemas/security';
import { answers } from '../../http/answers';
import type { Guards } from '../../auth/guards';

/** GET /api/security/encryption: any signed-in member may read what protects their data. */
export function securityRoutes(status: EncryptionStatus, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/security/encryption',
      {
        preValidation: guards.requireUser,
        schema: { tags: ['workspace'], response: answers({ 200: encryptionStatusSchema }) },
      },
      async () => status,
    );
  };
}
