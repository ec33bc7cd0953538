import { INVITATION_MESSAGES, PASSWORD_RESET_MESSAGES } from '../../shared/mail';
import { WORKSPACE_DELETION_MESSAGES } from '../../shared/workspace-deletion';
import { escapeXml as escapeHtml } from '../render/xml';

/** One message: plain text and HTML from one template (issue 10 §4). */
export interface MailBody {
  subject: string;
  text: string;
  html: string;
}

interface Block {
  /** Paragraphs of plain text; escaped for the HTML part. */
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
}

/** The shared frame: the brand at the top, the paragraphs, one button, a quiet footnote. */
function render(siteName: string, subject: string, { paragraphs, action, footnote }: Block): MailBody {
  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...(footnote ? [footnote] : []),
    `— ${siteName}`,
  ].join('\n\n');
  const paragraphHtml = paragraphs
    .map((p) => `<p style="margin:0 0 16px;white-space:pre-wrap">${escapeHtml(p)}</p>`)
    .join('');
  const actionHtml = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4338ca;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#4b5563">Or open this link: <a href="${escapeHtml(action.url)}" style="color:#4338ca;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : '';
  const footHtml = footnote
    ? `<p style="margin:24px 0 0;font-size:13px;color:#4b5563">${escapeHtml(footnote)}</p>`
    : '';
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="margin:0;background:#f5f5f7;padding:24px;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111827;font-size:15px;line-height:1.5"><div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px"><p style="margin:0 0 24px;font-weight:700;font-size:18px">${escapeHtml(siteName)}</p>${paragraphHtml}${actionHtml}${footHtml}</div></body></html>`;
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

export function invitationMail(
  siteName: string,
  input: { workspaceName: string; inviterName: string; link: string },
): MailBody {
  return render(siteName, INVITATION_MESSAGES.subject(input.workspaceName, siteName), {
    paragraphs: [
      `${input.inviterName} invited you to join ${input.workspaceName} on ${siteName} as a Team Member.`,
      'Create your account with the button below. The invitation works once, within 7 days.',
    ],
    action: { label: `Join ${input.workspaceName}`, url: input.link },
    footnote: 'If you were not expecting this invitation, you can ignore this e-mail.',
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

/** To a deleted workspace's owners (issue 17): who deleted it, and the link that brings it back. */
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
