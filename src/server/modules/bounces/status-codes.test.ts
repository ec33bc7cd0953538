import { describe, expect, it } from 'vitest';
import {
  bounceKindOfSmtpRefusal,
  bounceKindOfStatus,
  describeStatus,
  enhancedStatusIn,
  normaliseStatus,
} from './status-codes';

describe('RFC 3463 status codes', () => {
  it('finds and normalises the enhanced code in a reply', () => {
    expect(enhancedStatusIn('550 5.1.1 <gone@example.com>: Recipient address rejected')).toBe('5.1.1');
    expect(enhancedStatusIn('smtp; 452 4.2.2 Over quota')).toBe('4.2.2');
    expect(enhancedStatusIn('550 Requested action not taken')).toBe('');
    expect(enhancedStatusIn('version 15.1.2 of the server')).toBe('');
    expect(normaliseStatus(' 5.01.001 ')).toBe('5.1.1');
    expect(normaliseStatus('6.1.1')).toBe('');
    expect(normaliseStatus('5.1')).toBe('');
  });

  it('classes 5.x.x as hard, 4.x.x as soft, 2.x.x and nonsense as no bounce', () => {
    expect(bounceKindOfStatus('5.1.1')).toBe('hard');
    expect(bounceKindOfStatus('5.7.1')).toBe('hard');
    expect(bounceKindOfStatus('4.4.7')).toBe('soft');
    expect(bounceKindOfStatus('4.2.2')).toBe('soft');
    // A full mailbox is allowed to be permanent or transient: counted as soft.
    expect(bounceKindOfStatus('5.2.2')).toBe('soft');
    expect(bounceKindOfStatus('2.0.0')).toBeNull();
    expect(bounceKindOfStatus('')).toBeNull();
    expect(bounceKindOfStatus('hard')).toBeNull();
  });

  it('words the common subjects and details', () => {
    expect(describeStatus('5.1.1')).toBe('Bad destination mailbox address');
    expect(describeStatus('4.2.2')).toBe('Mailbox full');
    expect(describeStatus('5.7.1')).toBe('Delivery not authorized, message refused');
    expect(describeStatus('5.7.99')).toBe('Security or policy status');
    expect(describeStatus('x')).toBe('');
  });

  it('treats a refusal at RCPT as the address: 5xx hard, 4xx soft', () => {
    expect(bounceKindOfSmtpRefusal({ replyCode: 550, enhancedStatus: '5.1.1', command: 'RCPT TO' })).toBe(
      'hard',
    );
    expect(bounceKindOfSmtpRefusal({ replyCode: 550, enhancedStatus: '', command: 'RCPT TO' })).toBe('hard');
    expect(bounceKindOfSmtpRefusal({ replyCode: 450, enhancedStatus: '4.2.1', command: 'RCPT TO' })).toBe(
      'soft',
    );
    expect(bounceKindOfSmtpRefusal({ replyCode: 451, enhancedStatus: '', command: 'RCPT TO' })).toBe('soft');
  });

  it('after RCPT, only a mailbox code is the address; content, policy, sender and connection failures are not', () => {
    expect(bounceKindOfSmtpRefusal({ replyCode: 550, enhancedStatus: '5.1.1', command: 'DATA' })).toBe(
      'hard',
    );
    expect(bounceKindOfSmtpRefusal({ replyCode: 554, enhancedStatus: '5.7.1', command: 'DATA' })).toBeNull();
    expect(bounceKindOfSmtpRefusal({ replyCode: 552, enhancedStatus: '5.2.2', command: 'DATA' })).toBe(
      'soft',
    );
    expect(bounceKindOfSmtpRefusal({ replyCode: 451, enhancedStatus: '4.3.0', command: 'DATA' })).toBe(
      'soft',
    );
    expect(
      bounceKindOfSmtpRefusal({ replyCode: 550, enhancedStatus: '5.7.1', command: 'MAIL FROM' }),
    ).toBeNull();
    expect(
      bounceKindOfSmtpRefusal({ replyCode: 535, enhancedStatus: '5.7.8', command: 'AUTH PLAIN' }),
    ).toBeNull();
    expect(bounceKindOfSmtpRefusal({ replyCode: null, enhancedStatus: '', command: null })).toBeNull();
  });
});
