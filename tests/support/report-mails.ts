/**
 * Delivery status notifications (RFC 3464) and complaint reports (RFC 5965) as mail servers write them,
 * for the bounce tests: the raw text a bounce mailbox receives.
 */

export interface DsnRecipient {
  email: string;
  action: 'failed' | 'delayed' | 'delivered';
  status: string;
  diagnostic?: string;
}

export function dsnMail(
  recipients: DsnRecipient[],
  options: { to?: string; originalTo?: string } = {},
): string {
  const blocks = recipients.map((r) =>
    [
      `Final-Recipient: rfc822; ${r.email}`,
      `Original-Recipient: rfc822;${r.email.toLowerCase()}`,
      `Action: ${r.action}`,
      `Status: ${r.status}`,
      ...(r.diagnostic ? [`Diagnostic-Code: smtp; ${r.diagnostic}`] : []),
    ].join('\r\n'),
  );
  return [
    'From: Mail Delivery System <MAILER-DAEMON@mx.example.net>',
    `To: ${options.to ?? 'bounces@agency.test'}`,
    'Subject: Undelivered Mail Returned to Sender',
    'Date: Sun, 29 Nov 2026 09:00:00 +0000',
    `Message-ID: <dsn-${Math.random().toString(36).slice(2)}@mx.example.net>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="dsn-boundary"',
    '',
    '--dsn-boundary',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.example.net.',
    "I'm sorry to have to inform you that your message could not be delivered.",
    '',
    '--dsn-boundary',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.net',
    'Arrival-Date: Sun, 29 Nov 2026 08:59:00 +0000',
    '',
    blocks.join('\r\n\r\n'),
    '',
    '--dsn-boundary',
    'Content-Type: text/rfc822-headers',
    '',
    'From: Studio News <news@agency.test>',
    `To: ${options.originalTo ?? recipients[0]?.email ?? ''}`,
    'Subject: Our November news',
    '',
    '--dsn-boundary--',
    '',
  ].join('\r\n');
}

/**
 * An abuse report of the message sent to `email`: named in Original-Rcpt-To, or only in the attached
 * message's To (`via: 'message'`), or in a text/rfc822-headers part (`via: 'headers'`).
 */
export function arfMail(
  email: string,
  options: { via?: 'field' | 'message' | 'headers'; feedbackType?: string } = {},
): string {
  const via = options.via ?? 'field';
  const original = [
    'From: Studio News <news@agency.test>',
    `To: Reader <${email}>`,
    'Subject: Our November news',
    'Message-ID: <campaign-1@agency.test>',
    '',
    'Hello, here is our news.',
  ];
  return [
    'From: Feedback Loop <fbl@isp.example>',
    'To: bounces@agency.test',
    'Subject: FW: Our November news',
    'Date: Sun, 29 Nov 2026 09:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=feedback-report; boundary="arf-boundary"',
    '',
    '--arf-boundary',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is an email abuse report for an email message received from IP 192.0.2.1.',
    '',
    '--arf-boundary',
    'Content-Type: message/feedback-report',
    '',
    `Feedback-Type: ${options.feedbackType ?? 'abuse'}`,
    'User-Agent: SomeISP-FBL/1.0',
    'Version: 1',
    ...(via === 'field' ? [`Original-Rcpt-To: <${email}>`] : []),
    'Arrival-Date: Sun, 29 Nov 2026 08:00:00 +0000',
    '',
    '--arf-boundary',
    via === 'headers' ? 'Content-Type: text/rfc822-headers' : 'Content-Type: message/rfc822',
    'Content-Disposition: inline',
    '',
    ...(via === 'headers' ? original.slice(0, 4) : original),
    '',
    '--arf-boundary--',
    '',
  ].join('\r\n');
}

/** A mail that is no report at all (an auto-reply). */
export function plainMail(subject = 'Out of office'): string {
  return [
    'From: Someone <someone@example.org>',
    'To: bounces@agency.test',
    `Subject: ${subject}`,
    '',
    'I am away until Monday. Mail to gone@example.com bounced, 550 5.1.1 as they say.',
    '',
  ].join('\r\n');
}
