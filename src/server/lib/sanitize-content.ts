import { createRequire } from 'node:module';
import type sanitizeHtmlType from 'sanitize-html';

// Required on the first write rather than at start: with its parser and postcss it is ~15 MB of memory
// that a server only serving pages never needs.
const require = createRequire(import.meta.url);
let sanitizeHtml: typeof sanitizeHtmlType | undefined;

/**
 * Blog content (and a task's description, docs/product/projects.md#tasks) is HTML written in the dashboard and
 * shown to others, so it is cleaned on the server on
 * every write with an allowlist: the formatting the editor's tips suggest survives; scripts, frames, forms,
 * event handlers, style attributes and script-bearing URLs never reach a reader.
 */

const ALLOWED_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'code',
  'pre',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'figure',
  'figcaption',
  'span',
];

/** Inline images may be data URLs, but only of raster types a browser cannot run script from. */
const SAFE_DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|avif);base64,[a-z0-9+/=\s]*$/i;

/** What a browser would see as the URL's start: it ignores control characters and spaces inside it. */
function normalisedUrl(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\x00-\x20]+/g, '').toLowerCase();
}

const OPTIONS: sanitizeHtmlType.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // data: is allowed for img only; transformTags below narrows it to raster images.
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: true,
  disallowedTagsMode: 'discard',
  // The text inside these is code or widget markup, not prose: drop it with the tag.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'title'],
  transformTags: {
    a: (tagName, attribs) => {
      // A new tab must not get a handle on this page (reverse tabnabbing).
      if (attribs.target?.trim().toLowerCase() === '_blank')
        return { tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } };
      return { tagName, attribs };
    },
    img: (tagName, attribs) => {
      const src = attribs.src === undefined ? '' : normalisedUrl(attribs.src);
      if (src.startsWith('data:') && !SAFE_DATA_IMAGE.test(attribs.src ?? '')) {
        const { src: _dropped, ...rest } = attribs;
        return { tagName, attribs: rest };
      }
      return { tagName, attribs };
    },
  },
};

/** The stored form of blog content: allowlisted HTML only. */
export function sanitizeContent(html: string): string {
  sanitizeHtml ??= require('sanitize-html') as typeof sanitizeHtmlType;
  return sanitizeHtml(html, OPTIONS).trim();
}
