import { createRequire } from 'node:module';
import { EMAIL_TEMPLATE_MESSAGES as M } from '../../../shared/messages';
import type { FieldError } from '../../http/errors';

/** The part of mjml's API this module uses (the package ships no types). */
interface MjmlError {
  line?: number;
  message: string;
  tagName?: string;
}
type Mjml2Html = (
  source: string,
  options: Record<string, unknown>,
) => Promise<{ html: string; errors: MjmlError[] }>;

// Required on the first render rather than at start: mjml and its CSS tools are tens of megabytes that a
// server which never renders a template does not need, and the cold start does not pay for them.
const require = createRequire(import.meta.url);
let mjml2html: Mjml2Html | undefined;

/**
 * MJML (v5) to HTML, server-side. Validation is 'strict': a malformed source is not rendered, its errors come
 * back (line and message) for the editor to list. Includes stay off (v5's default, and mj-include is refused
 * before this), comments are dropped, and no web font is linked unless the template adds one. The HTML is a
 * string only: nothing here or after runs it; it is checked (template-safety.ts) and mailed.
 */
export async function mjmlToHtml(source: string): Promise<{ html: string; errors: FieldError[] }> {
  mjml2html ??= require('mjml') as Mjml2Html;
  try {
    const result = await mjml2html(source, {
      validationLevel: 'strict',
      keepComments: false,
      ignoreIncludes: true,
      fonts: {},
      minify: false,
      beautify: false,
    });
    return { html: result.html, errors: [] };
  } catch (error) {
    const details = (error as { errors?: MjmlError[] }).errors;
    if (Array.isArray(details) && details.length)
      return {
        html: '',
        errors: details.map((e) => ({ field: 'mjml', message: M.mjmlError(e.line ?? null, e.message) })),
      };
    return { html: '', errors: [{ field: 'mjml', message: (error as Error).message.slice(0, 300) }] };
  }
}
