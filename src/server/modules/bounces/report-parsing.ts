import type { AddressObject, simpleParser } from 'mailparser';
import type { BounceKind } from '../../../shared/bounces';
import { bounceKindOfStatus, enhancedStatusIn, normaliseStatus } from './status-codes';
import { loadModule } from '../../lib/load-module';

/** One address a report names, with what happened to it. */
export interface ReportedBounce {
  email: string;
  kind: BounceKind;
  status: string;
  diagnostic: string;
}

export interface ParsedReport {
  /** dsn: a delivery status notification (RFC 3464); arf: a complaint (RFC 5965); none: neither. */
  type: 'dsn' | 'arf' | 'none';
  bounces: ReportedBounce[];
}

const PARSE_OPTIONS = {
  keepDeliveryStatus: true,
  skipHtmlToText: true,
  skipTextToHtml: true,
  skipImageLinks: true,
} as const;

/** mailparser, imported on the first report rather than at start (docs/architecture.md#start-up). */
const loadParser = async (): Promise<typeof simpleParser> =>
  (await loadModule<typeof import('mailparser')>('mailparser')).simpleParser;

/**
 * Reads a mail from the bounce mailbox: a multipart/report of report-type delivery-status (each failed or
 * delayed recipient, with its RFC 3463 status) or feedback-report (an abuse complaint about the
 * recipient of the attached message). Anything else (auto-replies, a person's mail) is 'none'.
 */
export async function parseReport(raw: Buffer): Promise<ParsedReport> {
  const mail = await (await loadParser())(raw, PARSE_OPTIONS);
  const contentType = mail.headers.get('content-type') as
    { value?: string; params?: Record<string, string> } | undefined;
  if (contentType?.value?.toLowerCase() !== 'multipart/report') return { type: 'none', bounces: [] };
  const reportType = (contentType.params?.['report-type'] ?? '').toLowerCase();
  const partText = (...types: string[]) =>
    mail.attachments.find((file) => types.includes(file.contentType.toLowerCase()))?.content.toString('utf8');

  if (reportType === 'delivery-status') {
    const status = partText('message/delivery-status', 'message/global-delivery-status');
    return { type: 'dsn', bounces: status ? deliveryStatusBounces(status) : [] };
  }
  if (reportType === 'feedback-report') {
    const feedback = partText('message/feedback-report');
    if (!feedback) return { type: 'arf', bounces: [] };
    const fields = fieldBlocks(feedback)[0] ?? new Map<string, string>();
    // Only an abuse report is a complaint; fraud, virus or not-spam reports say nothing against the address.
    if ((fields.get('feedback-type') ?? '').trim().toLowerCase() !== 'abuse')
      return { type: 'arf', bounces: [] };
    const email = bareAddress(fields.get('original-rcpt-to') ?? '') || (await originalRecipient(raw, mail));
    if (!email) return { type: 'arf', bounces: [] };
    const agent = fields.get('user-agent');
    return {
      type: 'arf',
      bounces: [
        { email, kind: 'complaint', status: '', diagnostic: `abuse report${agent ? ` (${agent})` : ''}` },
      ],
    };
  }
  return { type: 'none', bounces: [] };
}

/** RFC 3464: after the per-message block, one block per recipient; failed ones bounce, delayed ones are soft. */
function deliveryStatusBounces(text: string): ReportedBounce[] {
  const bounces: ReportedBounce[] = [];
  for (const fields of fieldBlocks(text)) {
    const recipient = fields.get('final-recipient') ?? fields.get('original-recipient');
    if (!recipient) continue;
    const email = bareAddress(
      recipient.includes(';') ? recipient.slice(recipient.indexOf(';') + 1) : recipient,
    );
    const action = (fields.get('action') ?? '').trim().toLowerCase();
    const diagnosticField = fields.get('diagnostic-code') ?? '';
    const diagnostic = diagnosticField.includes(';')
      ? diagnosticField.slice(diagnosticField.indexOf(';') + 1)
      : diagnosticField;
    const status = normaliseStatus(fields.get('status') ?? '') || enhancedStatusIn(diagnostic);
    let kind: BounceKind | null = null;
    // A failure with a 4.x.x status gave up on a temporary cause: soft. One without a status is hard.
    if (action === 'failed') kind = bounceKindOfStatus(status) ?? 'hard';
    else if (action === 'delayed') kind = 'soft';
    if (!kind || !email) continue;
    bounces.push({ email, kind, status, diagnostic: diagnostic.trim() });
  }
  return bounces;
}

/**
 * Header-style fields in blocks separated by blank lines (RFC 3464 / RFC 5965 report parts): names
 * lower-cased, folded lines unfolded, the first value of a name kept.
 */
export function fieldBlocks(text: string): Map<string, string>[] {
  const blocks: Map<string, string>[] = [];
  let current = new Map<string, string>();
  let last: string | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') {
      if (current.size) blocks.push(current);
      current = new Map();
      last = null;
      continue;
    }
    if (/^[ \t]/.test(line) && last) {
      current.set(last, `${current.get(last)} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (current.has(name)) {
      last = null;
      continue;
    }
    current.set(name, line.slice(colon + 1).trim());
    last = name;
  }
  if (current.size) blocks.push(current);
  return blocks;
}

/** "<Gone@Example.com>" or "rfc822; gone@example.com" → "gone@example.com"; '' when it is not one address. */
function bareAddress(value: string): string {
  const inner = /<([^<>]*)>/.exec(value)?.[1] ?? value;
  const address = inner.trim().toLowerCase();
  return /^[^\s@<>,;]+@[^\s@<>,;]+$/.test(address) ? address : '';
}

/**
 * The complained-about message's recipient: its headers are a text/rfc822-headers part, or a
 * message/rfc822 part that mailparser folds into the text, so that part is cut out of the raw mail.
 */
async function originalRecipient(
  raw: Buffer,
  mail: Awaited<ReturnType<typeof simpleParser>>,
): Promise<string> {
  const headers = mail.attachments.find((file) => file.contentType.toLowerCase() === 'text/rfc822-headers');
  const original = headers ? headers.content : embeddedMessage(raw, mail);
  if (!original) return '';
  const parsed = await (await loadParser())(original, PARSE_OPTIONS);
  const to = [parsed.to].flat().filter((entry): entry is AddressObject => Boolean(entry));
  const first = to.flatMap((entry) => entry.value).find((address) => address.address)?.address ?? '';
  return bareAddress(first);
}

/** The body of the report's top-level message/rfc822 part, found by the report's own boundary. */
function embeddedMessage(raw: Buffer, mail: Awaited<ReturnType<typeof simpleParser>>): Buffer | null {
  const contentType = mail.headers.get('content-type') as { params?: Record<string, string> } | undefined;
  const boundary = contentType?.params?.boundary;
  if (!boundary) return null;
  const text = raw.toString('latin1');
  const delimiter = `--${boundary}`;
  for (const part of text.split(new RegExp(`\\r?\\n${escapeRegExp(delimiter)}(?:--)?[ \\t]*(?=\\r?\\n|$)`))) {
    const split = /\r?\n\r?\n/.exec(part);
    if (!split) continue;
    const head = part.slice(0, split.index);
    if (!/^content-type:\s*message\/rfc822\b/im.test(head)) continue;
    return Buffer.from(part.slice(split.index + split[0].length), 'latin1');
  }
  return null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
