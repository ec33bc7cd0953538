import { Ajv, type ValidateFunction } from 'ajv';

/** What the check reads of an answer (Fastify's inject response has it). */
interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}

interface MediaTypes {
  content?: Record<string, { schema?: object }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, MediaTypes> }>>;
}

/**
 * Checks answers against what the OpenAPI description declares for their operation and status (an exact
 * code, else its range such as 4XX): a JSON answer must validate against the declared schema, any other
 * answer must have the declared media type, and a 2xx or 4xx with nothing declared is itself a finding.
 */
export function declaredAnswers(doc: OpenApiDocument) {
  // The description is OpenAPI 3.0 (`nullable`, `format: binary`): formats are zod's job, not this check's.
  const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
  const compiled = new Map<object, ValidateFunction>();
  const validator = (schema: object) => {
    let validate = compiled.get(schema);
    if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
    return validate;
  };

  return function problemWith(method: string, path: string, response: Answer): string | null {
    const status = response.statusCode;
    const success = status >= 200 && status < 300;
    if (!success && !(status >= 400 && status < 500)) return null;
    const responses = doc.paths[path]?.[method.toLowerCase()]?.responses ?? {};
    const declared = responses[String(status)] ?? responses[`${String(status)[0]}XX`];
    if (!declared?.content) return `nothing declared for ${status}`;
    const contentType = String(response.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    const json = declared.content['application/json'];
    if (json?.schema && contentType === 'application/json') {
      const validate = validator(json.schema);
      if (validate(response.json())) return null;
      return `does not match its declared ${status} schema: ${ajv.errorsText(validate.errors)}`;
    }
    const mediaTypes = Object.keys(declared.content);
    const matches = mediaTypes.some((type) =>
      type.endsWith('/*') ? contentType.startsWith(type.slice(0, -1)) : type === contentType,
    );
    return matches ? null : `answered ${contentType || 'no content type'}, declared ${mediaTypes.join(', ')}`;
  };
}
