import {
  LEAD_MESSAGES,
  INVITATION_MESSAGES,
  PASSWORD_RESET_MESSAGES,
  EMAIL_CONFIRMATION_MESSAGES,
  WORKSPACE_DELETION_MESSAGES,
  CREDENTIAL_NOTICE_MESSAGES,
  PORTAL_MESSAGES,
} from '../../shared/messages';
import { INVITATION } from '../../shared/mail';
import { escapeXml as escapeHtml } from '../lib/xml';

/** One message: plain text and HTML from one template (docs/product/email.md#mail-the-product-sends). */
export interface MailBody {
  subject: string;
  text: string;
  html: string;
}

interface MailAction {
  label: string;
  url: string;
  /** A line above the button (which of several it is). */
  heading?: string;
}

interface Block {
  /** Paragraphs of plain text; escaped for the HTML part. */
  paragraphs: string[];
  action?: MailAction;
  /** Several buttons, each under its heading (a portal sign-in mail for several clients). */
  actions?: MailAction[];
  footnote?: string;
  /** A link that stops this kind of mail, under the footnote (list mail: docs/product/email.md#list-mail). */
  unsubscribe?: { label: string; url: string };
}

const actionHtmlOf = (action: MailAction) =>
  `${action.heading ? `<p style="margin:24px 0 0;font-weight:600">${escapeHtml(action.heading)}</p>` : ''}<p style="margin:${action.heading ? '8px 0 24px' : '24px 0'}"><a href="${escapeHtml(action.url)}" style="background:#4338ca;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#4b5563">Or open this link: <a href="${escapeHtml(action.url)}" style="color:#4338ca;word-break:break-all">${escapeHtml(action.url)}</a></p>`;

/** The shared frame: the brand at the top, the paragraphs, one button (or a few), a quiet footnote. */
export function render(
  siteName: string,
  subject: string,
  { paragraphs, action, actions, footnote, unsubscribe }: Block,
): MailBody {
  const buttons = [...(action ? [action] : []), ...(actions ?? [])];
  const text = [
    ...paragraphs,
    ...buttons.map((a) => [...(a.heading ? [a.heading] : []), `${a.label}: ${a.url}`].join('\n')),
    ...(footnote ? [footnote] : []),
    // The address alone on its line: the List-Unsubscribe header is read back from it (mail/list-unsubscribe.ts).
    ...(unsubscribe ? [`${unsubscribe.label}:\n${unsubscribe.url}`] : []),
    `— ${siteName}`,
  ].join('\n\n');
  const paragraphHtml = paragraphs
    .map((p) => `<p style="margin:0 0 16px;white-space:pre-wrap">${escapeHtml(p)}</p>`)
    .join('');
  const actionHtml = buttons.map(actionHtmlOf).join('');
  const footHtml = footnote
    ? `<p style="margin:24px 0 0;font-size:13px;color:#4b5563">${escapeHtml(footnote)}</p>`
    : '';
  const stopHtml = unsubscribe
    ? `<p style="margin:8px 0 0;font-size:13px;color:#4b5563"><a href="${escapeHtml(unsubscribe.url)}" style="color:#4b5563">${escapeHtml(unsubscribe.label)}</a></p>`
    : '';
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="margin:0;background:#f5f5f7;padding:24px;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111827;font-size:15px;line-height:1.5"><div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px"><p style="margin:0 0 24px;font-weight:700;font-size:18px">${escapeHtml(siteName)}</p>${paragraphHtml}${actionHtml}${footHtml}${stopHtml}</div></body></html>`;
  return { subject, text, html };
}

export function contactMail(
  siteName: string,
  input: { name: string; email: string; subject: string; message: string },
): MailBody {
  const subject = input.subject
    ? `Contact form: ${input.subject}`
    : `Contact form: message from ${input.name}`;
  return render(siteName, subject, {
    paragraphs: [
      `${input.name} <${input.email}> wrote through the contact form:`,
      ...(input.subject ? [`Subject: ${input.subject}`] : []),
      input.message,
    ],
    footnote: 'Reply to this e-mail to answer them. The message is also in Client Leads as a new lead.',
  });
}

export function passwordResetMail(siteName: string, input: { username: string; link: string }): MailBody {
  return render(siteName, PASSWORD_RESET_MESSAGES.subject(siteName), {
    paragraphs: [
      `Hello ${input.username},`,
      `Someone asked to reset the password of your ${siteName} account. If it was you, choose a new password with the button below. The link works once, within 1 hour.`,
    ],
    action: { label: 'Choose a new password', url: input.link },
    footnote: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  });
}

/** What a password reset removed because it proved the address first (docs/security.md#proven-addresses-and-domains). */
export function accessRemovedMail(
  siteName: string,
  input: { username: string; webhooks: string[]; apiKeys: string[]; twoFactor: boolean },
): MailBody {
  const M = PASSWORD_RESET_MESSAGES;
  const removed = [
    ...input.webhooks.map(M.removedWebhook),
    ...input.apiKeys.map((name) => M.removedApiKey(plainMailName(name))),
    ...(input.twoFactor ? [M.removedTwoFactor] : []),
  ];
  return render(siteName, M.removedSubject(siteName), {
    paragraphs: [
      M.removedIntro(input.username),
      M.removedBody(siteName),
      removed.map((r) => `• ${r}`).join('\n'),
    ],
    footnote: M.removedFootnote,
  });
}

/** To the account a key or webhook was added in the name of (docs/security.md#lasting-credentials). */
export function credentialAddedMail(
  siteName: string,
  input: {
    username: string;
    added: { kind: 'api-key'; name: string; scopes: string } | { kind: 'webhook'; host: string };
    device: string;
    ip: string | null;
    link: string;
  },
): MailBody {
  const M = CREDENTIAL_NOTICE_MESSAGES;
  const { added } = input;
  return render(siteName, added.kind === 'api-key' ? M.keySubject(siteName) : M.webhookSubject(siteName), {
    paragraphs: [
      M.hello(input.username),
      added.kind === 'api-key'
        ? M.keyAdded(plainMailName(added.name), added.scopes)
        : M.webhookAdded(added.host),
      M.from(input.device, input.ip),
    ],
    action: { label: M.review, url: input.link },
    footnote: M.ifNotYou,
  });
}

export function testMail(siteName: string, input: { host: string; sentBy: string }): MailBody {
  return render(siteName, `${siteName} test e-mail`, {
    paragraphs: [
      `This is a test e-mail sent by ${input.sentBy} through ${input.host}.`,
      `Your e-mail set-up works: ${siteName} can send contact messages, password resets and invitations.`,
    ],
  });
}

/** To a deleted workspace's owners (docs/product/workspace.md#danger-zone): who deleted it, and the link that brings it back. */
export function workspaceDeletedMail(
  siteName: string,
  input: { workspaceName: string; deletedBy: string; link: string; until: string },
): MailBody {
  const M = WORKSPACE_DELETION_MESSAGES;
  return render(siteName, M.mailSubject(input.workspaceName, siteName), {
    paragraphs: [
      M.mailDeletedBy(input.workspaceName, input.deletedBy, siteName),
      M.mailRecoverUntil(input.until),
    ],
    action: { label: M.mailAction, url: input.link },
    footnote: M.mailFootnote,
  });
}

/** The link that proves an account's address (docs/product/auth.md#proven-addresses), mailed at sign-up and on "Resend link". */
export function emailConfirmationMail(siteName: string, input: { username: string; link: string }): MailBody {
  const M = EMAIL_CONFIRMATION_MESSAGES;
  return render(siteName, M.subject(siteName), {
    paragraphs: [M.mailIntro(input.username), M.mailBody(siteName)],
    action: { label: M.mailAction, url: input.link },
    footnote: M.mailFootnote,
  });
}

/** To a workspace's admins: someone proved an address at its domain and joined (docs/product/auth.md#proven-addresses). */
export function memberJoinedMail(
  siteName: string,
  input: { username: string; email: string; workspaceName: string; link: string },
): MailBody {
  const M = EMAIL_CONFIRMATION_MESSAGES;
  return render(siteName, M.memberJoinedSubject(input.username, input.workspaceName), {
    paragraphs: [M.memberJoined(input.username, input.email, input.workspaceName)],
    action: { label: 'Open Users & Roles', url: input.link },
  });
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A YYYY-MM-DD day as the lead screens show dates ('MMM d, yyyy'). */
function mailDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${date}, ${year}`;
}

/**
 * An owner's follow-ups of the day (docs/product/leads.md#owners-and-follow-ups): one line per lead, the
 * overdue ones with the day they were due, each with its note; `total` counts those not listed too.
 */
export function followUpDigestMail(
  siteName: string,
  input: {
    username: string;
    today: string;
    total: number;
    items: { name: string; company: string; day: string; note: string }[];
    link: string;
  },
): MailBody {
  const lines = input.items.map((item) => {
    const who = plainMailName(item.company ? `${item.name} (${item.company})` : item.name, 200);
    const when = item.day < input.today ? ` (since ${mailDay(item.day)})` : '';
    const note = item.note ? ` — ${plainMailName(item.note, 300)}` : '';
    return `• ${who}${when}${note}`;
  });
  const more = input.total - input.items.length;
  return render(siteName, LEAD_MESSAGES.digestSubject(input.total), {
    paragraphs: [
      `Good morning ${plainMailName(input.username)}, these leads are due for a follow-up today:`,
      [...lines, ...(more > 0 ? [`…and ${more} more.`] : [])].join('\n'),
    ],
    action: { label: 'Open Due today', url: input.link },
    footnote: 'You get this e-mail on mornings when leads you own are due for a follow-up.',
  });
}

/**
 * A name someone typed (a workspace's, an inviter's) as an invitation shows it (docs/product/workspace.md#invitations): plain text on one
 * line — control characters (line breaks included), line and paragraph separators, and format characters
 * (bidirectional overrides, zero-width ones) become spaces — cut to INVITATION.nameMax characters. The HTML
 * part escapes it like every paragraph.
 */
export function plainMailName(name: string, max: number = INVITATION.nameMax): string {
  const flat = name
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  const cut = chars.slice(0, max - 1).join('');
  return `${cut.trimEnd()}…`;
}

interface InvitationInput {
  workspaceName: string;
  inviterName: string;
  link: string;
  /** SITE_URL's host: the mail says which platform sent it, since the workspace's name is anyone's. */
  siteHost: string;
}

/** An invitation to an address without an account: sign up through the link (docs/product/workspace.md#invitations). */
export function invitationMail(siteName: string, input: InvitationInput): MailBody {
  const workspace = plainMailName(input.workspaceName);
  const inviter = plainMailName(input.inviterName);
  return render(siteName, INVITATION_MESSAGES.subject(workspace, siteName), {
    paragraphs: [
      `${inviter} invited you to join ${workspace} on ${siteName} as a Team Member.`,
      'Create your account with the button below. The invitation works once, within 7 days.',
    ],
    action: { label: `Join ${workspace}`, url: input.link },
    footnote: INVITATION_MESSAGES.sentBy(siteName, input.siteHost),
  });
}

/**
 * An invitation to an address that already has an account (docs/product/workspace.md#invitations): sign in to join. The inviter is
 * answered exactly as for a new address; only the mailbox's owner learns which mail it is.
 */
export function existingAccountInvitationMail(siteName: string, input: InvitationInput): MailBody {
  const M = INVITATION_MESSAGES;
  const workspace = plainMailName(input.workspaceName);
  const inviter = plainMailName(input.inviterName);
  return render(siteName, M.subject(workspace, siteName), {
    paragraphs: [M.existingIntro(inviter, workspace, siteName), M.existingBody(workspace, siteName)],
    action: { label: M.existingAction(workspace), url: input.link },
    footnote: M.sentBy(siteName, input.siteHost),
  });
}

/**
 * To an account's owner when guesses at its password spent its sign-in budget (docs/product/auth.md#failed-sign-ins), once a day at
 * most: how many failed, that sign-in now waits between attempts, and the way out if it was not them.
 */
export function signInAlertMail(
  siteName: string,
  input: { username: string; attempts: number; windowMinutes: number; link: string },
): MailBody {
  return render(siteName, `Failed sign-in attempts on your ${siteName} account`, {
    paragraphs: [
      `Hello ${input.username},`,
      `There were ${input.attempts} failed sign-in attempts on your ${siteName} account in the last ${input.windowMinutes} minutes.`,
      'To protect your account, sign-in now waits between attempts, longer each time the attempts go on. You can still sign in with your password (and your two-factor code, if you use one) once the wait has passed, and from where you signed in recently you are not held back.',
      'If this was not you, someone may be trying to guess your password: choose a new one with the button below.',
    ],
    action: { label: 'Choose a new password', url: input.link },
    footnote: 'If it was you, you can ignore this e-mail. We send it at most once a day.',
  });
}

/**
 * To a webhook's owner when it paused itself after 3 days of failed deliveries
 * (docs/product/integrations.md#webhooks): which one, and where to resume it.
 */
export function webhookPausedMail(
  siteName: string,
  input: { username: string; host: string; link: string },
): MailBody {
  return render(siteName, `A webhook of your ${siteName} workspace is paused`, {
    paragraphs: [
      `Hello ${input.username},`,
      `Deliveries to your webhook at ${input.host} have failed for 3 days, so it is paused: no new events are sent to it.`,
      'Check that the receiver is up and answers with a 2xx status, then resume the webhook. Its delivery log shows each attempt and the answer it got.',
    ],
    action: { label: 'Open Manage Integrations', url: input.link },
  });
}

/** To a project's manager when its time passes 80 % or 100 % of a budget (docs/product/projects.md#budgets). */
export function budgetWarningMail(
  siteName: string,
  input: { username: string; project: string; percent: number; used: string; budget: string; link: string },
): MailBody {
  return render(siteName, `${input.project} has used ${input.percent}% of its budget`, {
    paragraphs: [
      `Hello ${input.username},`,
      `The time logged on ${input.project} has reached ${input.percent}% of its budget: ${input.used} of ${input.budget}.`,
      input.percent >= 100
        ? 'The budget is spent. Agree more with the client, or plan the remaining work within it.'
        : 'Check what is left to do against what is left of the budget.',
    ],
    action: { label: 'Open the project', url: input.link },
  });
}

/** An invoice or credit note to the client, its PDF attached (docs/product/finance.md#sending). */
export function invoiceMail(
  siteName: string,
  input: {
    seller: string;
    kind: 'invoice' | 'credit_note';
    number: string;
    total: string;
    dueDate: string | null;
    message: string;
  },
): MailBody {
  const what = input.kind === 'invoice' ? 'invoice' : 'credit note';
  return render(
    siteName,
    `${input.kind === 'invoice' ? 'Invoice' : 'Credit note'} ${input.number} from ${input.seller}`,
    {
      paragraphs: [
        'Hello,',
        ...(input.message ? [input.message] : []),
        input.kind === 'invoice'
          ? `Please find attached invoice ${input.number} for ${input.total}${input.dueDate ? `, due on ${input.dueDate}` : ''}.`
          : `Please find attached credit note ${input.number} for ${input.total}.`,
        `The ${what} is a PDF/A file you can keep for your records.`,
      ],
      footnote: `Sent by ${input.seller}. Reply to this e-mail with any question about it.`,
    },
  );
}

/** An estimate to a client, with its PDF attached and a link to it (docs/product/finance.md#estimates). */
export function estimateMail(
  siteName: string,
  input: { seller: string; number: string; total: string; validUntil: string; message: string; link: string },
): MailBody {
  return render(siteName, `Estimate ${input.number} from ${input.seller}`, {
    paragraphs: [
      'Hello,',
      ...(input.message ? [input.message] : []),
      `Please find attached estimate ${input.number} for ${input.total}, valid until ${input.validUntil}.`,
      'To accept it, reply to this e-mail. The link below opens the estimate at any time.',
    ],
    action: { label: 'View the estimate', url: input.link },
    footnote: `Sent by ${input.seller}. Reply to this e-mail with any question about it.`,
  });
}

/** A reminder of an unpaid invoice, before, on or after its due date (docs/product/finance.md#reminders). */
export function paymentReminderMail(
  siteName: string,
  input: {
    seller: string;
    number: string;
    balance: string;
    dueDate: string;
    when: 'before' | 'due' | 'after';
  },
): MailBody {
  const line = {
    before: `This is a friendly reminder that invoice ${input.number} for ${input.balance} is due on ${input.dueDate}.`,
    due: `Invoice ${input.number} for ${input.balance} is due today (${input.dueDate}).`,
    after: `Invoice ${input.number} was due on ${input.dueDate}, and ${input.balance} is still unpaid.`,
  }[input.when];
  return render(siteName, `Reminder: invoice ${input.number} from ${input.seller}`, {
    paragraphs: [
      'Hello,',
      line,
      'The invoice is attached again. If you have already paid, thank you, and please ignore this reminder.',
    ],
    footnote: `Sent by ${input.seller}. Reply to this e-mail with any question about it.`,
  });
}

/** One client a portal sign-in mail lists: its link, and where (docs/product/portal.md#sign-in-links). */
export interface PortalLinkEntry {
  clientName: string;
  workspaceName: string;
  link: string;
}

/**
 * The portal's sign-in mail (docs/product/portal.md#sign-in-links): one message for an address, with a link
 * for each client whose portal it may use. Names are flattened to one line like an invitation's.
 */
export function portalSignInMail(siteName: string, entries: PortalLinkEntry[]): MailBody {
  const M = PORTAL_MESSAGES;
  const actions = entries.map((entry) => {
    const client = plainMailName(entry.clientName);
    return {
      heading: M.linkMailEntry(client, plainMailName(entry.workspaceName)),
      label: M.linkMailAction(client),
      url: entry.link,
    };
  });
  return render(siteName, M.linkSubject(siteName), {
    paragraphs: [entries.length > 1 ? M.linkMailMany(siteName) : M.linkMailIntro(siteName)],
    actions,
    footnote: M.linkMailFootnote,
  });
}

/** A contact given portal access (docs/product/portal.md#staff-controls): an invitation with a sign-in link. */
export function portalInvitationMail(
  siteName: string,
  input: { name: string; clientName: string; workspaceName: string; link: string },
): MailBody {
  const M = PORTAL_MESSAGES;
  const workspace = plainMailName(input.workspaceName);
  const client = plainMailName(input.clientName);
  return render(siteName, M.invitationSubject(workspace), {
    paragraphs: [M.invitationIntro(plainMailName(input.name)), M.invitationBody(workspace, client)],
    action: { label: M.linkMailAction(client), url: input.link },
    footnote: M.invitationFootnote,
  });
}
