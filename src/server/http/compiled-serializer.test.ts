import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializerCompiler } from './compiled-serializer';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
const lead = z.object({ id: z.string(), name: z.string(), owner: z.object({ id: z.string() }).nullable() });

describe('compiled answer serializers', () => {
  for (const verify of [false, true])
    it(`write only the declared fields (${verify ? 'checked against the schema' : 'production'})`, () => {
      const write = compiledSerializerCompiler({ verify })(route(z.object({ leads: z.array(lead) })));
      const answer = {
        leads: [{ id: 'l1', name: 'Asha', owner: null, password_hash: 'scrypt$…', notes: 'private' }],
        token: 'secret',
      };
      expect(JSON.parse(write(answer))).toEqual({ leads: [{ id: 'l1', name: 'Asha', owner: null }] });
    });

  it('keeps the zod parse for what JSON Schema cannot state, and its output', () => {
    const write = compiledSerializerCompiler({ verify: false })(
      route(z.object({ n: z.string().transform((s) => s.length) })),
    );
    expect(write({ n: 'four' })).toBe('{"n":4}');
  });

  it('refuses a wrong type outside production, as the parse did', () => {
    const write = compiledSerializerCompiler({ verify: true })(route(lead));
    expect(() => write({ id: 'l1', name: null, owner: null })).toThrow();
  });
});
