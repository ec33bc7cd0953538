import { describe, expect, it } from 'vitest';
import { fillMarkers, markFields, mergeProblems, newMarkers, oneLine } from './merge-fields';

const recipient = { values: { name: 'Asha', company: '' }, unsubscribeUrl: 'https://a.test/u?t=1&x=2' };

describe('merge fields', () => {
  it('fills a field, its default for an empty value, and the unsubscribe link', () => {
    const markers = newMarkers();
    const text = markFields(
      'Hi {{name}}, {{ company | default: "your team" }}, {{ owner }}. {{ unsubscribe_url }}',
      markers,
    );
    expect(text).not.toContain('{{');
    expect(fillMarkers(text, markers, recipient, 'text')).toBe(
      'Hi Asha, your team, . https://a.test/u?t=1&x=2',
    );
    expect(fillMarkers(text, markers, recipient, 'html')).toContain('https://a.test/u?t=1&amp;x=2');
  });

  it('escapes values in HTML, keeps them in text, and makes a subject one line', () => {
    const markers = newMarkers();
    const text = markFields('{{ name }}', markers);
    const evil = { values: { name: '<b>"x"</b>\r\nBcc: a@b.test' }, unsubscribeUrl: '' };
    expect(fillMarkers(text, markers, evil, 'html')).toBe(
      '&lt;b&gt;&quot;x&quot;&lt;/b&gt;\r\nBcc: a@b.test',
    );
    expect(fillMarkers(text, markers, evil, 'text')).toBe('<b>"x"</b>\r\nBcc: a@b.test');
    expect(oneLine(fillMarkers(text, markers, evil, 'line'), 200)).toBe('<b>"x"</b> Bcc: a@b.test');
    expect(oneLine('x'.repeat(300), 200)).toHaveLength(200);
  });

  it('finds markers an upper-casing heading changed', () => {
    const markers = newMarkers();
    const text = markFields('{{ name }}', markers).toUpperCase();
    expect(fillMarkers(text, markers, recipient, 'text')).toBe('Asha');
  });

  it('names unknown fields and refuses anything else between braces', () => {
    expect(mergeProblems('{{ nme }}', 'subject')).toEqual([
      { field: 'subject', message: expect.stringContaining('{{ nme }}') },
    ]);
    for (const bad of [
      '{{ name | upcase }}',
      '{{ name.length }}',
      "{{ name | default: 'x' }}",
      '{{ 7*7 }}',
      '{{',
      'a }} b',
    ])
      expect(mergeProblems(bad, 'mjml').length, bad).toBeGreaterThan(0);
    expect(mergeProblems('{{ name | default: "there" }} {{email}}', 'mjml')).toEqual([]);
  });
});
