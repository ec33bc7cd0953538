import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SEQUENCE_MESSAGES as M } from '../../../shared/messages';
import {
  enrolSchema,
  enrolledSchema,
  enrollmentListQuerySchema,
  enrollmentPageSchema,
  enrollmentParamsSchema,
  enrollmentSavedSchema,
  sequenceAnswerSchema,
  sequenceIdParamsSchema,
  sequenceInputSchema,
  sequenceListSchema,
  sequenceSavedSchema,
} from '../../../shared/schemas/sequences';
import { successMessageSchema } from '../../../shared/schemas/answers';
import type { Guards } from '../../auth/guards';
import { answers } from '../../http/answers';
import type { SequencesService } from './sequences.service';

const tags = ['marketing'];
const params = sequenceIdParamsSchema;

/**
 * Sequences (docs/product/marketing.md#sequences), module Marketing, the caller's workspace only: another
 * workspace's sequence or enrolment is 404.
 */
export function sequencesRoutes(sequences: SequencesService, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = guards.requireModule('marketing');

    app.get(
      '/sequences',
      { preValidation, schema: { tags, response: answers({ 200: sequenceListSchema }) } },
      async (request) => ({ sequences: await sequences.list(request.currentUser!) }),
    );

    app.post(
      '/sequences',
      {
        preValidation,
        schema: { body: sequenceInputSchema, tags, response: answers({ 201: sequenceSavedSchema }) },
      },
      async (request, reply) =>
        reply.code(201).send({
          success: true as const,
          message: M.created,
          sequence: await sequences.create(request.currentUser!, request.body),
        }),
    );

    app.get(
      '/sequences/:id',
      { preValidation, schema: { params, tags, response: answers({ 200: sequenceAnswerSchema }) } },
      async (request) => ({ sequence: await sequences.get(request.currentUser!, request.params.id) }),
    );

    app.put(
      '/sequences/:id',
      {
        preValidation,
        schema: { params, body: sequenceInputSchema, tags, response: answers({ 200: sequenceSavedSchema }) },
      },
      async (request) => ({
        success: true as const,
        message: M.saved,
        sequence: await sequences.update(request.currentUser!, request.params.id, request.body),
      }),
    );

    app.delete(
      '/sequences/:id',
      { preValidation, schema: { params, tags, response: answers({ 200: successMessageSchema }) } },
      async (request) => {
        await sequences.remove(request.currentUser!, request.params.id);
        return { success: true as const, message: M.deleted };
      },
    );

    const actions = [
      ['pause', M.paused, sequences.pause],
      ['resume', M.resumed, sequences.resume],
    ] as const;
    for (const [action, message, run] of actions)
      app.post(
        `/sequences/:id/${action}`,
        { preValidation, schema: { params, tags, response: answers({ 200: sequenceSavedSchema }) } },
        async (request) => ({
          success: true as const,
          message,
          sequence: await run(request.currentUser!, request.params.id),
        }),
      );

    app.get(
      '/sequences/:id/enrollments',
      {
        preValidation,
        schema: {
          params,
          querystring: enrollmentListQuerySchema,
          tags,
          response: answers({ 200: enrollmentPageSchema }),
        },
      },
      (request) => sequences.enrollments(request.currentUser!, request.params.id, request.query),
    );

    app.post(
      '/sequences/:id/enrollments',
      {
        preValidation,
        schema: { params, body: enrolSchema, tags, response: answers({ 200: enrolledSchema }) },
      },
      async (request) => {
        const { added, skipped } = await sequences.enrol(
          request.currentUser!,
          request.params.id,
          request.body,
        );
        return { success: true as const, message: M.enrolled(added, skipped), added, skipped };
      },
    );

    const leaving = [
      ['replied', M.markedReplied, sequences.markReplied],
      ['remove', M.removed, sequences.removePerson],
    ] as const;
    for (const [action, message, run] of leaving)
      app.post(
        `/sequences/:id/enrollments/:enrollmentId/${action}`,
        {
          preValidation,
          schema: { params: enrollmentParamsSchema, tags, response: answers({ 200: enrollmentSavedSchema }) },
        },
        async (request) => ({
          success: true as const,
          message,
          enrollment: await run(request.currentUser!, request.params.id, request.params.enrollmentId),
        }),
      );
  };
}
