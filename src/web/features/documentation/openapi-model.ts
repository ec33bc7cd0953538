/**
 * The parts of an OpenAPI 3 document the reference shows, and pure helpers that turn it into groups of
 * operations with flat field lists (name, type, required, constraints). Kept free of React for unit tests.
 */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
}

export interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: Array<Record<string, string[]>>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  security?: Array<Record<string, string[]>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export type AuthNeed = 'bearer' | 'optional' | 'none';

export interface FieldRow {
  name: string;
  /** Where a parameter goes (path, query); absent for body fields. */
  location?: string;
  type: string;
  required: boolean;
  constraints: string[];
  description?: string;
}

export interface OperationView {
  id: string;
  method: string;
  path: string;
  summary?: string;
  auth: AuthNeed;
  parameters: FieldRow[];
  bodies: Array<{ mediaType: string; fields: FieldRow[] }>;
}

export interface OperationGroup {
  name: string;
  operations: OperationView[];
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function resolve(schema: JsonSchema | undefined, doc: OpenApiDocument): JsonSchema {
  let current = schema ?? {};
  // References point into components.schemas; a few hops at most, guarded against cycles.
  for (let hops = 0; current.$ref && hops < 10; hops += 1) {
    const name = current.$ref.split('/').pop() ?? '';
    current = doc.components?.schemas?.[name] ?? {};
  }
  return current;
}

export function describeType(input: JsonSchema | undefined, doc: OpenApiDocument): string {
  const schema = resolve(input, doc);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return [...new Set(variants.map((v) => describeType(v, doc)))].join(' | ');
  if (schema.allOf?.length === 1) return describeType(schema.allOf[0], doc);
  if (schema.format === 'binary') return 'file';
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  if (type === 'array') return `${describeType(schema.items, doc)}[]`;
  if (type) return type;
  if (schema.enum) return typeof schema.enum[0];
  if (schema.properties) return 'object';
  return 'any';
}

const characters = (n: number) => `${n} character${n === 1 ? '' : 's'}`;

export function constraintsOf(input: JsonSchema | undefined, doc: OpenApiDocument): string[] {
  const s = resolve(input, doc);
  const out: string[] = [];
  if (s.minLength !== undefined && s.maxLength !== undefined)
    out.push(`${s.minLength}–${characters(s.maxLength)}`);
  else if (s.minLength !== undefined) out.push(`at least ${characters(s.minLength)}`);
  else if (s.maxLength !== undefined) out.push(`at most ${characters(s.maxLength)}`);
  if (s.minimum !== undefined && s.maximum !== undefined) out.push(`${s.minimum} to ${s.maximum}`);
  else if (s.minimum !== undefined) out.push(`≥ ${s.minimum}`);
  else if (s.maximum !== undefined) out.push(`≤ ${s.maximum}`);
  if (typeof s.exclusiveMinimum === 'number') out.push(`> ${s.exclusiveMinimum}`);
  if (typeof s.exclusiveMaximum === 'number') out.push(`< ${s.exclusiveMaximum}`);
  if (s.minItems !== undefined) out.push(`at least ${s.minItems} items`);
  if (s.maxItems !== undefined) out.push(`at most ${s.maxItems} items`);
  if (s.enum?.length) out.push(`one of: ${s.enum.map(String).join(', ')}`);
  if (s.const !== undefined) out.push(`always ${String(s.const)}`);
  if (s.format && s.format !== 'binary') out.push(`format: ${s.format}`);
  if (s.pattern) out.push(`pattern: ${s.pattern}`);
  if (s.default !== undefined && s.default !== '') out.push(`default: ${JSON.stringify(s.default)}`);
  if (s.nullable) out.push('may be null');
  return out;
}

/** Body fields, nested objects flattened to dotted names (`auth.user`), arrays of objects to `name[].x`. */
export function fieldsOf(input: JsonSchema | undefined, doc: OpenApiDocument, prefix = ''): FieldRow[] {
  const schema = resolve(input, doc);
  const rows: FieldRow[] = [];
  for (const [key, raw] of Object.entries(schema.properties ?? {})) {
    const field = resolve(raw, doc);
    const name = `${prefix}${key}`;
    rows.push({
      name,
      type: describeType(field, doc),
      required: schema.required?.includes(key) ?? false,
      constraints: constraintsOf(field, doc),
      description: field.description,
    });
    if (field.properties) rows.push(...fieldsOf(field, doc, `${name}.`));
    const items = field.items && resolve(field.items, doc);
    if (items?.properties) rows.push(...fieldsOf(items, doc, `${name}[].`));
  }
  return rows;
}

export function authOf(operation: OpenApiOperation, doc: OpenApiDocument): AuthNeed {
  const requirements = operation.security ?? doc.security ?? [];
  if (requirements.length === 0) return 'none';
  return requirements.some((r) => Object.keys(r).length === 0) ? 'optional' : 'bearer';
}

const groupName = (operation: OpenApiOperation, path: string) =>
  operation.tags?.[0] ?? path.replace(/^\/api\//, '').split('/')[0] ?? 'api';

/** Operations grouped by their first tag (or first path segment), in the document's order. */
export function groupOperations(doc: OpenApiDocument): OperationGroup[] {
  const groups = new Map<string, OperationView[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const name = groupName(operation, path);
      const list = groups.get(name) ?? [];
      list.push({
        id: `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, '-').replace(/-+$/, ''),
        method: method.toUpperCase(),
        path,
        summary: operation.summary,
        auth: authOf(operation, doc),
        parameters: (operation.parameters ?? []).map((p) => ({
          name: p.name,
          location: p.in,
          type: describeType(p.schema, doc),
          required: p.required ?? p.in === 'path',
          constraints: constraintsOf(p.schema, doc),
          description: p.description,
        })),
        bodies: Object.entries(operation.requestBody?.content ?? {}).map(([mediaType, media]) => ({
          mediaType,
          fields: fieldsOf(media.schema, doc),
        })),
      });
      groups.set(name, list);
    }
  }
  return [...groups].map(([name, operations]) => ({ name, operations }));
}
