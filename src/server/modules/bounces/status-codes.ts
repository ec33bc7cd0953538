import type { BounceKind } from '../../../shared/bounces';

/**
 * RFC 3463 enhanced status codes: class.subject.detail. The class decides (2 success, 4 persistent
 * transient failure, 5 permanent failure); the subject says what failed, for the bounce log.
 */
const STATUS_PATTERN = /\b([245])\.(\d{1,3})\.(\d{1,3})\b/;

/** The first enhanced status code in a text ("550 5.1.1 <a@b>: User unknown" → "5.1.1"), or ''. */
export function enhancedStatusIn(text: string): string {
  const match = STATUS_PATTERN.exec(text);
  return match ? `${match[1]}.${Number(match[2])}.${Number(match[3])}` : '';
}

/** A well-formed code, normalised ("5.01.001" → "5.1.1"), or ''. */
export function normaliseStatus(code: string): string {
  const match = /^\s*([245])\.(\d{1,3})\.(\d{1,3})\s*$/.exec(code);
  return match ? `${match[1]}.${Number(match[2])}.${Number(match[3])}` : '';
}

/**
 * 5.x.x: the message will never be delivered (hard); 4.x.x: it may be later (soft); 2.x.x or none: no
 * bounce. 5.2.2 "mailbox full" is soft whatever its class: RFC 3463 allows it for transient failures, and
 * a full mailbox usually empties.
 */
export function bounceKindOfStatus(status: string): Exclude<BounceKind, 'complaint'> | null {
  const code = normaliseStatus(status);
  if (code === '5.2.2') return 'soft';
  if (code.startsWith('5.')) return 'hard';
  if (code.startsWith('4.')) return 'soft';
  return null;
}

/** RFC 3463 section 3: the subjects and their common details, in words for the bounce log. */
const SUBJECTS: Record<string, string> = {
  '0': 'Other or undefined status',
  '1': 'Addressing status',
  '2': 'Mailbox status',
  '3': 'Mail system status',
  '4': 'Network and routing status',
  '5': 'Mail delivery protocol status',
  '6': 'Message content or media status',
  '7': 'Security or policy status',
};
const DETAILS: Record<string, string> = {
  '1.1': 'Bad destination mailbox address',
  '1.2': 'Bad destination system address',
  '1.3': 'Bad destination mailbox address syntax',
  '1.6': 'Destination mailbox has moved',
  '2.1': 'Mailbox disabled, not accepting messages',
  '2.2': 'Mailbox full',
  '2.3': 'Message length exceeds administrative limit',
  '3.2': 'System not accepting network messages',
  '4.1': 'No answer from host',
  '4.4': 'Unable to route',
  '4.7': 'Delivery time expired',
  '7.1': 'Delivery not authorized, message refused',
};

/** "5.1.1" → "Bad destination mailbox address"; an unknown detail falls back to its subject. */
export function describeStatus(status: string): string {
  const code = normaliseStatus(status);
  if (!code) return '';
  const [, subject, detail] = code.split('.');
  return DETAILS[`${subject}.${detail}`] ?? SUBJECTS[subject!] ?? '';
}

/** What a send-time SMTP refusal means for the recipient; null: not about the recipient (sender, settings, content). */
export interface SmtpRefusal {
  replyCode: number | null;
  enhancedStatus: string;
  /** The SMTP command it answered ('RCPT TO', 'DATA', 'MAIL FROM'), when known. */
  command: string | null;
}

/**
 * A refusal of the recipient at RCPT is about the address itself: 5xx hard at once, 4xx soft. After RCPT
 * (at DATA) only a code naming the mailbox (x.1.x addressing, x.2.x mailbox) is the recipient's; a content
 * or policy refusal there says nothing about the address and suppresses nothing. MAIL FROM and connection
 * failures are the sender's.
 */
export function bounceKindOfSmtpRefusal(refusal: SmtpRefusal): Exclude<BounceKind, 'complaint'> | null {
  const { replyCode, enhancedStatus, command } = refusal;
  if (replyCode === null || replyCode < 400 || replyCode >= 600) return null;
  const permanent = replyCode >= 500;
  if (command === 'RCPT TO') return permanent ? 'hard' : 'soft';
  if (command !== 'DATA' && command !== null) return null;
  const subject = normaliseStatus(enhancedStatus).split('.')[1];
  if (subject !== '1' && subject !== '2') return permanent ? null : 'soft';
  return permanent ? bounceKindOfStatus(enhancedStatus) : 'soft';
}
