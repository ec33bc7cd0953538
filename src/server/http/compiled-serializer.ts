import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { FastifySerializerCompiler } from 'fastify/types/schema';

type Serializer = (data: unknown) => string;

/**
 * Each answer's serializer compiled once, at its first use, from its zod schema (docs/decisions/0025-session-cache.md#serializers):
 * the schema as JSON Schema, turned into a function by fast-json-stringify, which writes only the declared
 * fields — as zod's parse did, so nothing undeclared ever leaves — without building a parsed copy first.
 * A schema JSON Schema cannot state (a transform, a date) keeps the zod parse.
 *
 * `verify` (the test runner's runs): each answer also goes through the zod parse, which still
 * refuses a wrong type with a 500, and the two must agree value for value; the test suites, which cross
 * every route, would fail on any difference.
 */
export function compiledSerializerCompiler(options: {
  verify: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const viaZod = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]) as Serializer;
    // Compiled at the route's first answer, not at start: some 800 answers would add a second to it.
    let fast: Serializer | undefined | null = null;
    return (data) => {
      if (fast === null) fast = compile(route.schema);
      if (!fast) return viaZod(data);
      if (!options.verify) return fast(data);
      const checked = viaZod(data); // throws on a wrong type, as in production before
      const written = fast(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(checked)))
        throw new Error(
          `The compiled serializer of ${route.method} ${route.url} (${route.httpStatus}) wrote ${written}, the schema ${checked}`,
        );
      return written;
    };
  };
}

function compile(schema: unknown): Serializer | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    return fastJson(json as Parameters<typeof fastJson>[0]) as Serializer;
  } catch {
    return undefined;
  }
}
