import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '../../../shared/schemas/audit';
import { answers } from '../../http/answers';
import type { Guards } from '../../auth/guards';
import type { AuditService } from './audit.service';

const tags = ['workspace'];

/**
 * GET /api/security/audit and its CSV export. Reads only: no route writes, edits or deletes an entry,
 * so a PUT or DELETE here finds nothing (404).
 */
export function auditRoutes(audit: AuditService, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    // Signed in; the service admits only the workspace's Admin or Business Admin (403 for anyone else).
    const preValidation = guards.requireUser;

    app.get(
      '/security/audit',
      {
        preValidation,
        schema: { querystring: auditQuerySchema, tags, response: answers({ 200: auditPageSchema }) },
      },
      (request) => audit.page(request.currentUser!, request.query),
    );

    app.get(
      '/security/audit/export',
      { preValidation, schema: { querystring: auditQuerySchema, tags } },
      (request, reply) => {
        const { filename, body } = audit.exportCsv(request.currentUser!, request.query);
        return (
          reply
            .header('Content-Type', 'text/csv; charset=utf-8')
            .header('Content-Disposition', `attachment; filename="${filename}"`)
            // Names and addresses: no shared cache may keep a copy.
            .header('Cache-Control', 'no-store')
            .send(body)
        );
      },
    );
  };
}
