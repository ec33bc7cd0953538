import { expect, type Page } from '@playwright/test';

/**
 * The XSS corpus of the stored-content sweep (docs/security.md#stored-content). Every payload calls `xss(n)` (or `alert`) with
 * its own number, so a payload that runs says which one it was. The shapes cover plain tags, event
 * handlers, attribute and element break-outs (</script>, </title>, </textarea>, quotes), URL schemes,
 * SVG and MathML namespaces, mutation XSS, double decoding and template syntax.
 */
const TEMPLATES = [
  '<script>CALL</script>',
  '<img src=x onerror=CALL>',
  '<svg onload=CALL>',
  '<svg><script>CALL</script></svg>',
  '"><img src=x onerror=CALL>',
  "'><img src=x onerror=CALL>",
  '</script><script>CALL</script>',
  '</title><script>CALL</script>',
  '</textarea><script>CALL</script>',
  '</style><script>CALL</script>',
  '<iframe srcdoc="<script>parent.CALL</script>"></iframe>',
  '<iframe src="javascript:parent.CALL"></iframe>',
  '<a href="javascript:CALL">link</a>',
  '<a href="JaVaScRiPt&colon;CALL">link</a>',
  '<a href="&#106;avascript:CALL">link</a>',
  '<a href=" &#14;javascript:CALL">link</a>',
  '<details open ontoggle=CALL>',
  '<body onload=CALL>',
  '<input autofocus onfocus=CALL>',
  '<video><source onerror=CALL></video>',
  '<audio src=x onerror=CALL>',
  '<object data="javascript:CALL"></object>',
  '<embed src="javascript:CALL">',
  '<math><mtext><table><mglyph><style><img src=x onerror=CALL>',
  '<noscript><p title="</noscript><img src=x onerror=CALL>">',
  '<form><button formaction="javascript:CALL">go</button></form>',
  '<svg><animate onbegin=CALL attributeName=x dur=1s>',
  '<svg><a xlink:href="javascript:CALL"><text y=20>x</text></a></svg>',
  '<div style="animation:k 1s" onanimationstart=CALL></div>',
  '<meta http-equiv="refresh" content="0;url=javascript:CALL">',
  '<base href="javascript:CALL//">',
  '<scr<script>ipt>CALL</scr</script>ipt>',
  '&lt;img src=x onerror=CALL&gt;',
  '\\u003cimg src=x onerror=CALL\\u003e',
  "{{constructor.constructor('CALL')()}}",
  '${CALL}',
  'javascript:CALL',
  '" onmouseover="CALL" x="',
  "' autofocus onfocus='CALL' x='",
  '<!--<img src="--><img src=x onerror=CALL//">',
  '<svg><style><img src=x onerror=CALL></style></svg>',
  '<a href="data:text/html,<script>CALL</script>">link</a>',
  '<select autofocus onfocus=CALL></select>',
  '<marquee onstart=CALL>x</marquee>',
  '<img src=x onerror="&#120;&#115;&#115;(0)">',
] as const;

export const XSS_PAYLOADS: readonly string[] = TEMPLATES.map((template, index) =>
  template.replace('CALL', `xss(${index + 1})`),
);

/** Payloads no longer than `max` (for short fields such as a phone number), in corpus order. */
export const payloadsFitting = (max: number) => XSS_PAYLOADS.filter((payload) => payload.length <= max);

/** `text` cut to `max` characters: a cut payload is still hostile text. */
export const fit = (text: string, max: number) => text.slice(0, max);

declare global {
  interface Window {
    xssHits?: string[];
    xss?: (n: number) => void;
  }
}

/**
 * Before any page script: `xss()`, `alert`, `confirm` and `prompt` record their call instead of doing
 * anything. Used with `bypassCSP`, so the sweep proves the escaping itself, not just the CSP behind it.
 */
export async function armXssTrap(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.xssHits = [];
    const record = (what: string) => window.xssHits!.push(what);
    window.xss = (n: number) => record(`xss(${n})`);
    window.alert = (message?: unknown) => record(`alert(${String(message)})`);
    window.confirm = (message?: unknown) => (record(`confirm(${String(message)})`), false);
    window.prompt = (message?: unknown) => (record(`prompt(${String(message)})`), null);
  });
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
}

/**
 * Nothing ran, and nothing that could run later is in the DOM: no event-handler attribute, no script URL
 * in a link or source, no frame, object, embed, base or refresh, no inline script but the page's own.
 */
export async function expectNoXss(page: Page, where: string): Promise<void> {
  // Give handlers that fire on load, focus or a failed image time to run.
  await page.waitForTimeout(150);
  const found = await page.evaluate(() => {
    const problems: string[] = [...(window.xssHits ?? [])];
    const urlAttributes = ['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'srcdoc', 'poster'];
    const scriptUrl = /^(javascript|vbscript|data:text\/html)/;
    for (const element of Array.from(document.querySelectorAll('*'))) {
      const tag = element.tagName.toLowerCase();
      for (const attribute of Array.from(element.attributes)) {
        const name = attribute.name.toLowerCase();
        // eslint-disable-next-line no-control-regex -- browsers ignore control characters in URLs
        const value = attribute.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
        if (name.startsWith('on')) problems.push(`<${tag} ${name}>`);
        if (urlAttributes.includes(name) && scriptUrl.test(value) && name !== 'srcdoc')
          problems.push(`<${tag} ${name}="${value}">`);
      }
      // The blog editor's live preview is the one frame allowed: sandbox="" lets no script run in it.
      const sandboxed = tag === 'iframe' && element.getAttribute('sandbox') === '';
      if (['iframe', 'frame', 'object', 'embed', 'base'].includes(tag) && !sandboxed)
        problems.push(`<${tag}>`);
      if (tag === 'meta' && element.getAttribute('http-equiv')?.toLowerCase() === 'refresh')
        problems.push('<meta http-equiv=refresh>');
      // Inline data (the query state, JSON-LD) may quote a payload; an inline script may not.
      const data = ['application/json', 'application/ld+json'].includes(element.getAttribute('type') ?? '');
      if (
        tag === 'script' &&
        !element.getAttribute('src') &&
        !data &&
        /xss\(|alert\(/.test(element.textContent ?? '')
      )
        problems.push('<script> with a payload');
    }
    return problems;
  });
  expect(found, `script-capable markup or a payload that ran on ${where}`).toEqual([]);
}
