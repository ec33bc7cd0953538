import { describe, expect, it } from 'vitest';
import {
  clickTarget,
  clickUrl,
  extractLinks,
  redirectTarget,
  rewriteLinks,
  withOpenPixel,
} from './campaign-links';

const SITE = 'https://agency.example';

const html = `<html><body>
<a href="https://shop.example/sale?a=1&amp;b=2" style="x">Sale</a>
<a class="btn" href='https://shop.example/sale?a=1&#38;b=2'>Again</a>
<a href="mailto:hi@agency.example">Mail</a><a href="tel:+15550100">Call</a><a href="#top">Top</a>
<a href="javascript:alert(1)">x</a><a href="JAVASCRIPT:alert(1)">x</a><a href="/relative">r</a>
<a data-href="https://evil.example" href="https://blog.example/post">Post</a>
<a href="https://user:pw@bank.example@evil.example/">Bank</a>
<a href="https://agency.example/unsubscribe?token=abc">Unsubscribe</a>
<a href="https://agency.example/r/tok/0">Already</a>
<a href="https://agency.example/pricing">Pricing</a>
<a href="https://shop.example/?who=xmf0123456789abn3z">Personal</a>
<area href="https://map.example/">
</body></html>`;

describe('extractLinks', () => {
  it('answers the distinct http(s) links of anchors in order, decoded, without the site own and personal ones', () => {
    expect(extractLinks(html, SITE)).toEqual([
      'https://shop.example/sale?a=1&b=2',
      'https://blog.example/post',
      'https://agency.example/pricing',
    ]);
  });
});

describe('rewriteLinks', () => {
  it('replaces stored links in the HTML (escaped) and the text part, and leaves the rest', () => {
    const positions = new Map([
      ['https://shop.example/sale?a=1&b=2', 0],
      ['https://blog.example/post', 1],
    ]);
    const text =
      'Sale (https://shop.example/sale?a=1&b=2)\nPost (https://blog.example/post)\nOther https://blog.example/post2\nUnsubscribe: https://agency.example/unsubscribe?token=abc';
    const out = rewriteLinks(html, text, positions, (p) => clickUrl(SITE, 'tok.k.m', p));
    expect(out.html).toContain('<a href="https://agency.example/r/tok.k.m/0" style="x">');
    expect(out.html).toContain(`<a class="btn" href="https://agency.example/r/tok.k.m/0">`);
    expect(out.html).toContain('data-href="https://evil.example" href="https://agency.example/r/tok.k.m/1"');
    expect(out.html).toContain('href="https://agency.example/unsubscribe?token=abc"');
    expect(out.html).toContain('href="https://agency.example/pricing"');
    expect(out.text).toBe(
      'Sale (https://agency.example/r/tok.k.m/0)\nPost (https://agency.example/r/tok.k.m/1)\nOther https://blog.example/post2\nUnsubscribe: https://agency.example/unsubscribe?token=abc',
    );
  });
});

describe('redirect targets', () => {
  it('accepts http(s) with a host only', () => {
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/path',
      'https://user:pw@evil.example/',
      `https://a.example/${'x'.repeat(2100)}`,
    ])
      expect(redirectTarget(bad), bad).toBeNull();
    expect(redirectTarget('HTTPS://Shop.example/x')?.toString()).toBe('https://shop.example/x');
  });

  it('adds the campaign utm_* to the target query, keeping what the author set and the fragment', () => {
    const utm = { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'nov-sale' };
    expect(clickTarget('https://shop.example/p?x=1#buy', utm)).toBe(
      'https://shop.example/p?x=1&utm_source=newsletter&utm_medium=email&utm_campaign=nov-sale#buy',
    );
    expect(clickTarget('https://shop.example/?utm_campaign=partner', utm)).toBe(
      'https://shop.example/?utm_campaign=partner&utm_source=newsletter&utm_medium=email',
    );
    expect(clickTarget('https://shop.example/s?q=hello%20world&flag&path=/a/b', utm)).toBe(
      'https://shop.example/s?q=hello%20world&flag&path=/a/b&utm_source=newsletter&utm_medium=email&utm_campaign=nov-sale',
    );
    expect(clickTarget('https://shop.example/', { ...utm, utm_campaign: 'a b&c' })).toBe(
      'https://shop.example/?utm_source=newsletter&utm_medium=email&utm_campaign=a%20b%26c',
    );
    expect(clickTarget('javascript:alert(1)', utm)).toBeNull();
  });
});

describe('withOpenPixel', () => {
  it('puts the pixel before </body>, escaped', () => {
    expect(withOpenPixel('<body><p>x</p></body>', 'https://a.example/o/t.gif')).toBe(
      '<body><p>x</p><img src="https://a.example/o/t.gif" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0" /></body>',
    );
  });
});
