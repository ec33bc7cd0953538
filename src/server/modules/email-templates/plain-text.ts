import { createRequire } from 'node:module';

type HtmlToText = (html: string, options: Record<string, unknown>) => string;

const require = createRequire(import.meta.url);
let convert: HtmlToText | undefined;

/**
 * The plain-text part, from the rendered HTML. html-to-text (a small, maintained package on the same HTML
 * parser the safety check uses, Node 20 supported) rather than MJML's text nodes: it reads the mail as a
 * client shows it, with the server's header and footer, lists as "* item", headings on their own lines and
 * links as "text (url)", and it never outputs the text of <style>, <script> or <head>. MJML's hidden
 * preheader is skipped; images say nothing.
 */
export function plainText(html: string): string {
  convert ??= (require('html-to-text') as { convert: HtmlToText }).convert;
  return convert(html, {
    wordwrap: 78,
    selectors: [
      { selector: 'head', format: 'skip' },
      { selector: 'style', format: 'skip' },
      { selector: 'img', format: 'skip' },
      // MJML's preheader: a hidden div at the body's start, which inboxes show beside the subject.
      { selector: 'div.mj-preview', format: 'skip' },
      { selector: 'div[style*="display:none"]', format: 'skip' },
      { selector: 'a', options: { linkBrackets: ['(', ')'], hideLinkHrefIfSameAsText: true } },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'table', format: 'block' },
      { selector: 'tr', format: 'block' },
      { selector: 'td', format: 'block' },
    ],
  })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
