import { describe, expect, it } from 'vitest';
import { listUnsubscribeHeaders, listUnsubscribeOf } from './list-unsubscribe';

const SITE = 'https://agency.example';
const LINK = `${SITE}/portal/unsubscribe?token=0b6f.invoice.k1.abc_DEF-123`;

describe('list-unsubscribe', () => {
  it('reads the unsubscribe address of a portal notice from its own line', () => {
    const text = `Hello,\n\nStop e-mails about new invoices:\n${LINK}\n\n— Studio`;
    expect(listUnsubscribeOf({ kind: 'portal-notice', text_body: text }, SITE)).toBe(LINK);
    expect(listUnsubscribeHeaders(LINK)).toEqual({
      'List-Unsubscribe': `<${LINK}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('gives no address to other kinds, other sites, or tokens with unsafe characters', () => {
    const text = `x\n${LINK}\n`;
    expect(listUnsubscribeOf({ kind: 'portal-sign-in', text_body: text }, SITE)).toBeNull();
    expect(listUnsubscribeOf({ kind: 'password-reset', text_body: text }, SITE)).toBeNull();
    expect(listUnsubscribeOf({ kind: 'portal-notice', text_body: text }, 'https://other.example')).toBeNull();
    for (const bad of [`${LINK}>\r\nBcc: x@evil.test`, `${LINK} <x>`, `${SITE}/portal/unsubscribe?token=`])
      expect(listUnsubscribeOf({ kind: 'portal-notice', text_body: `a\n${bad}\n` }, SITE)).toBeNull();
    // Within a sentence (a task's title that quotes a link): not a line of its own.
    expect(
      listUnsubscribeOf({ kind: 'portal-notice', text_body: `Task “${LINK}” is ready` }, SITE),
    ).toBeNull();
  });
});
