import { Parser } from 'htmlparser2';
import { EMAIL_TEMPLATE_MESSAGES as M } from '../../../shared/messages';
import type { FieldError } from '../../http/errors';
import { hasMarker, type Markers } from './merge-fields';

/**
 * What an e-mail template may not hold (docs/security.md#e-mail-marketing): script, event handlers, URLs
 * other than https, http, mailto and tel (never javascript: or data:), frames, objects, forms, <base>,
 * <meta http-equiv>, imports, and CSS that loads script or aims at the server's footer. The same walk runs
 * twice: over the author's MJML (each problem named, refused at save and in the preview) and over the HTML
 * MJML rendered from it (defence in depth: whatever MJML lets through is refused before any mail holds it).
 *
 * Refusing rather than cleaning: the project's HTML sanitiser (src/server/lib/sanitize-content.ts) is an
 * allowlist for blog prose that drops tables' layout, style attributes and <style>, which e-mail HTML is made
 * of; and a mail silently changed is worse than an author told what to fix.
 */

const FORBIDDEN_TAGS = new Set([
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'base',
  'svg',
  'math',
  'portal',
  'mj-include',
  // Raw-text elements: a browser reads what is inside as text up to their end tag, where a parser may read
  // markup, so what hides in an attribute could come alive (mutation XSS).
  'xmp',
  'plaintext',
  'listing',
  'noscript',
  'noembed',
  'noframes',
  'template',
]);
/** Attributes that hold an address a client may open or load. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'srcset',
  'background',
  'background-url',
  'action',
  'formaction',
  'poster',
  'xlink:href',
  'cite',
  'longdesc',
  'lowsrc',
  'dynsrc',
  'data',
  'codebase',
  'thumbnails-src',
]);
/** Where a merge field may stand in an attribute: an address or a description, never a style or a setting. */
const MERGE_ATTRIBUTES = new Set(['href', 'src', 'alt', 'title']);
const SAFE_SCHEME = /^(?:https?:\/\/|mailto:|tel:)/;
/** MJML writes these two itself; any other http-equiv (refresh, set-cookie) is refused. */
const SAFE_HTTP_EQUIV = new Set(['x-ua-compatible', 'content-type']);
/** CSS that loads script or code (old IE and Firefox), any script URL, or aims at the server's own parts. */
const UNSAFE_CSS =
  /expression\s*\(|javascript\s*:|vbscript\s*:|-moz-binding|behaviou?r\s*:|@import|url\s*\(\s*['"]?\s*data:|ahq-/i;

/** What a browser would read as the URL's start: it ignores control characters and spaces inside it. */
// eslint-disable-next-line no-control-regex
const normalisedUrl = (value: string) => value.replace(/[\u0000-\u0020]+/g, '').toLowerCase();

const urlProblem = (name: string, value: string, markers: Markers): string | null => {
  const candidates =
    name === 'srcset' ? value.split(',').map((part) => part.trim().split(/\s+/)[0] ?? '') : [value];
  for (const candidate of candidates) {
    const url = normalisedUrl(candidate);
    if (url === '' || url === markers.unsubscribe) continue;
    if (!SAFE_SCHEME.test(url)) return M.forbiddenUrl(name, candidate.slice(0, 60));
  }
  return null;
};

export interface Outline {
  /** Where the text just after <mjml …> starts. */
  mjmlInside: number;
  /** Where the text just after <mj-head …> starts; -1: no head. */
  headInside: number;
  /** Where the text just after <mj-body …> starts, and where </mj-body> starts. */
  bodyInside: number;
  bodyEnd: number;
}

interface Walk {
  problems: FieldError[];
  outline: Outline | null;
  /** Rendered HTML: the open elements at the server's brand header and at its footer. */
  stacks: Record<'ahq-brand' | 'ahq-footer', string[][]>;
}

function walk(source: string, markers: Markers, mode: 'mjml' | 'html'): Walk {
  const problems = new Map<string, FieldError>();
  const add = (message: string) => problems.set(message, { field: 'mjml', message });
  const stack: string[] = [];
  const stacks: Walk['stacks'] = { 'ahq-brand': [], 'ahq-footer': [] };
  const outline: Outline = { mjmlInside: -1, headInside: -1, bodyInside: -1, bodyEnd: -1 };
  let bodies = 0;
  let strayText = false;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const tag = name.toLowerCase();
        if (FORBIDDEN_TAGS.has(tag)) add(M.forbiddenTag(tag));
        if (tag === 'meta' && attributes['http-equiv'] !== undefined) {
          if (mode === 'mjml' || !SAFE_HTTP_EQUIV.has(attributes['http-equiv'].trim().toLowerCase()))
            add(M.forbiddenMeta);
        }
        if (
          tag === 'link' &&
          (mode === 'mjml' || (attributes.rel ?? '').trim().toLowerCase() !== 'stylesheet')
        )
          add(M.forbiddenTag('link'));
        if ((tag === 'style' || tag === 'title') && mode === 'mjml') add(M.forbiddenTag(tag));
        for (const [rawName, value] of Object.entries(attributes)) {
          const attribute = rawName.toLowerCase();
          if (attribute.startsWith('on')) add(M.forbiddenHandler(attribute));
          if (URL_ATTRIBUTES.has(attribute) || attribute.endsWith('-src') || attribute.endsWith('-url')) {
            const problem = urlProblem(attribute, value, markers);
            if (problem) add(problem);
          }
          if (
            (attribute === 'style' || attribute === 'css-class' || attribute === 'class') &&
            UNSAFE_CSS.test(value)
          ) {
            // The server's own parts carry these classes in the rendered HTML; the author's may not.
            if (!(mode === 'html' && attribute === 'class' && /^ahq-(?:brand|footer)$/.test(value.trim())))
              add(M.forbiddenCss);
          }
          if (mode === 'mjml' && hasMarker(value, markers) && !MERGE_ATTRIBUTES.has(attribute))
            add(M.mergeInStyle);
        }
        if (mode === 'html') {
          const own = (attributes.class ?? '').trim();
          if (own === 'ahq-brand' || own === 'ahq-footer') stacks[own].push([...stack]);
        } else {
          const depth = stack.length;
          if (depth === 0) {
            if (tag !== 'mjml' || outline.mjmlInside >= 0) strayText = true;
            else outline.mjmlInside = parser.endIndex + 1;
          }
          if (depth === 1 && stack[0] === 'mjml') {
            if (tag === 'mj-body') {
              bodies += 1;
              outline.bodyInside = parser.endIndex + 1;
            } else if (tag === 'mj-head') outline.headInside = parser.endIndex + 1;
            else strayText = true;
          }
        }
        stack.push(tag);
      },
      onclosetag(name) {
        const tag = name.toLowerCase();
        if (mode === 'mjml' && tag === 'mj-body' && stack.length === 2) outline.bodyEnd = parser.startIndex;
        // htmlparser2 closes every element the closing tag implies; the stack follows it.
        const at = stack.lastIndexOf(tag);
        if (at >= 0) stack.length = at;
      },
      ontext(text) {
        const inside = stack.at(-1);
        if (mode === 'mjml') {
          if (stack.length <= 1 && text.trim()) strayText = true;
          if ((inside === 'mj-style' || inside === 'mj-attributes') && UNSAFE_CSS.test(text))
            add(M.forbiddenCss);
          if (inside === 'mj-style' && hasMarker(text, markers)) add(M.mergeInStyle);
        } else if (inside === 'style' && UNSAFE_CSS.test(text.replace(/\.ahq-(?:brand|footer)\b/g, ''))) {
          add(M.forbiddenCss);
        }
      },
    },
    {
      xmlMode: mode === 'mjml',
      decodeEntities: true,
      lowerCaseTags: true,
      lowerCaseAttributeNames: true,
      recognizeSelfClosing: true,
    },
  );
  parser.write(source);
  parser.end();

  if (mode === 'mjml' && (bodies !== 1 || outline.bodyEnd < 0 || strayText))
    add(bodies === 1 && strayText ? M.outsideBody : M.notMjml);
  return { problems: [...problems.values()], outline: mode === 'mjml' ? outline : null, stacks };
}

/**
 * Text checks before any parsing: script in any form, even inside a comment or CDATA; and the comment and
 * CDATA forms that browsers and parsers end in different places (`<!-->`, `--!>`, `<![CDATA[` in HTML), so
 * markup the walk took for a comment would be live in a mail client.
 */
function scriptProblems(source: string, mode: 'mjml' | 'html'): FieldError[] {
  const problems: FieldError[] = [];
  if (/<\s*\/?\s*script/i.test(source)) problems.push({ field: 'mjml', message: M.forbiddenScript });
  if (mode === 'mjml' && /<!-->|<!--->|--!>|<!\[CDATA\[/i.test(source))
    problems.push({ field: 'mjml', message: M.forbiddenComment });
  return problems;
}

/** The author's MJML (its merge fields already markers): its problems, and where its head and body are. */
export function checkSource(
  marked: string,
  markers: Markers,
): { problems: FieldError[]; outline: Outline | null } {
  const { problems, outline } = walk(marked, markers, 'mjml');
  const all = [...scriptProblems(marked, 'mjml'), ...problems];
  return { problems: all, outline: all.length ? null : outline };
}

/**
 * The rendered HTML (markers still in it): the same refusals, and the server's footer where the server put
 * it. The brand header opens the body and the footer closes it; both are top-level sections, so the
 * elements open around each must be the same. A template that leaves an element (or a comment) open, or
 * closes one it did not open, changes what surrounds the footer (it could hide it or put it inside a link)
 * and is refused.
 */
export function checkRendered(html: string, markers: Markers): FieldError[] {
  const { problems, stacks } = walk(html, markers, 'html');
  const brand = stacks['ahq-brand'];
  const footer = stacks['ahq-footer'];
  const placed = brand.length === 1 && footer.length === 1 && brand[0]!.join('>') === footer[0]!.join('>');
  return [
    ...scriptProblems(html, 'html'),
    ...problems,
    ...(placed ? [] : [{ field: 'mjml', message: M.unbalanced }]),
  ];
}
