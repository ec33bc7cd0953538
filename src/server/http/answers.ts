import type { z } from 'zod';
import { errorAnswerSchema } from '../../shared/schemas/answers';

/**
 * A route's `schema.response`: its success answers, and the error answer every route shares for 4xx.
 * fastify-type-provider-zod checks each JSON answer against the schema of its status before sending (a
 * field not declared is dropped; a wrong type is a 500 that the test suites would catch) and the OpenAPI
 * description shows them. Answers sent as text (the cached public reads, CSV, images) are sent as they are.
 */
export function answers<Success extends Record<number, z.ZodType>>(success: Success) {
  return { ...success, '4xx': errorAnswerSchema };
}
