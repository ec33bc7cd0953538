import { describe, expect, it } from 'vitest';
import { sanitizeContent } from '../../src/server/lib/sanitize-content';
import { XSS_PAYLOADS, dangerIn } from './support/xss-corpus';

/** The content allowlist on its own (sanitize-content.ts); blogs-security.test.ts drives it through the API. */
describe('sanitizeContent', () => {
  it.each(XSS_PAYLOADS)('defuses %j', (payload) => {
    expect(dangerIn(sanitizeContent(payload))).toEqual([]);
  });

  it('keeps the formatting the editor suggests', () => {
    const safe = [
      '<h1>A</h1><h2>B</h2><h3>C</h3><h4>D</h4><h5>E</h5><h6>F</h6>',
      '<p>Text<br />more <strong>b</strong> <b>b</b> <em>i</em> <i>i</i> <u>u</u> <s>s</s> <span>sp</span></p><hr />',
      '<blockquote>quote</blockquote><ul><li>one</li></ul><ol><li>two</li></ol>',
      '<p><a href="https://example.com/x" title="t">abs</a> <a href="/blog/other">rel</a> ',
      '<a href="mailto:hi@example.com">mail</a> <a href="tel:+911234">tel</a></p>',
      '<img src="https://cdn.example.com/a.png" alt="A" title="T" width="10" height="5" loading="lazy" />',
      '<figure><img src="http://example.com/b.jpg" /><figcaption>cap</figcaption></figure>',
      '<pre><code>const x = 1 &lt; 2;</code></pre>',
      '<table><thead><tr><th colspan="2">H</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>',
    ].join('');
    expect(sanitizeContent(safe)).toBe(safe);
  });

  it('allows data: URLs only as raster images on img', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(sanitizeContent(`<img src="${png}" />`)).toBe(`<img src="${png}" />`);
    expect(sanitizeContent(`<a href="${png}">x</a>`)).toBe('<a>x</a>');
    expect(sanitizeContent('<img src="data:image/svg+xml,<svg/>" />')).toBe('<img />');
  });

  it('forces rel="noopener noreferrer" on links that open a new tab', () => {
    expect(sanitizeContent('<a href="https://x.test" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('drops style attributes, classes and unknown tags but keeps their text', () => {
    expect(sanitizeContent('<div class="x" style="color:red"><p style="x">Hi</p></div>')).toBe('<p>Hi</p>');
  });
});
