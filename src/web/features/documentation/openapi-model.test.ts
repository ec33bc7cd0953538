import { describe, expect, it } from 'vitest';
import {
  authOf,
  constraintsOf,
  describeType,
  fieldsOf,
  groupOperations,
  type OpenApiDocument,
} from './openapi-model';

const doc: OpenApiDocument = {
  openapi: '3.0.3',
  info: { title: 'AgencyHQ API', version: 'v00.04' },
  components: { schemas: { Auth: { type: 'object', properties: { user: { type: 'string' } } } } },
  paths: {
    '/api/login': {
      post: {
        tags: ['auth'],
        summary: 'Sign in',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  email: { type: 'string', minLength: 1, maxLength: 254 },
                  password: { type: 'string', maxLength: 1024 },
                },
                required: ['email', 'password'],
              },
            },
          },
        },
      },
    },
    '/api/email/setup': {
      post: {
        security: [{ bearerAuth: [] }],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  port: { type: 'integer', minimum: 1, maximum: 65535 },
                  auth: { $ref: '#/Auth' },
                },
              },
            },
          },
        },
      },
    },
    '/api/blogs': {
      get: {
        tags: ['blogs'],
        security: [{}, { bearerAuth: [] }],
        parameters: [
          { name: 'status', in: 'query', schema: { type: 'string', enum: ['draft', 'published'] } },
        ],
      },
    },
  },
};

describe('the OpenAPI reference model', () => {
  it('groups operations by tag, else by first path segment, in document order', () => {
    const groups = groupOperations(doc);
    expect(groups.map((g) => g.name)).toEqual(['auth', 'email', 'blogs']);
    expect(groups[0]!.operations[0]).toMatchObject({
      method: 'POST',
      path: '/api/login',
      summary: 'Sign in',
    });
  });

  it('reads whether a bearer token is needed, optional or not needed', () => {
    expect(authOf(doc.paths['/api/login']!.post!, doc)).toBe('none');
    expect(authOf(doc.paths['/api/email/setup']!.post!, doc)).toBe('bearer');
    expect(authOf(doc.paths['/api/blogs']!.get!, doc)).toBe('optional');
  });

  it('lists body fields with type, required flag and constraints, nested objects flattened', () => {
    const login = groupOperations(doc)[0]!.operations[0]!.bodies[0]!;
    expect(login.mediaType).toBe('application/json');
    expect(login.fields).toEqual([
      {
        name: 'email',
        type: 'string',
        required: true,
        constraints: ['1–254 characters'],
        description: undefined,
      },
      {
        name: 'password',
        type: 'string',
        required: true,
        constraints: ['at most 1024 characters'],
        description: undefined,
      },
    ]);
    const setup = fieldsOf(
      doc.paths['/api/email/setup']!.post!.requestBody!.content!['application/json']!.schema,
      doc,
    );
    expect(setup.map((f) => f.name)).toEqual(['port', 'auth', 'auth.user']);
    expect(setup[0]!.constraints).toEqual(['1 to 65535']);
  });

  it('describes unions, arrays, files and enums', () => {
    expect(describeType({ anyOf: [{ type: 'string' }, { type: 'number' }] }, doc)).toBe('string | number');
    expect(describeType({ type: 'array', items: { type: 'string' } }, doc)).toBe('string[]');
    expect(describeType({ type: 'string', format: 'binary' }, doc)).toBe('file');
    expect(constraintsOf({ type: 'string', enum: ['a', 'b'], default: 'a' }, doc)).toEqual([
      'one of: a, b',
      'default: "a"',
    ]);
  });

  it('turns query parameters into rows', () => {
    const blogs = groupOperations(doc)[2]!.operations[0]!;
    expect(blogs.parameters).toEqual([
      expect.objectContaining({
        name: 'status',
        location: 'query',
        required: false,
        constraints: ['one of: draft, published'],
      }),
    ]);
  });
});
