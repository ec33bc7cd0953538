import type { PortalNoticeKind } from '../portal-notifications';

/** What each kind is called in a sentence ("Stop e-mails about new invoices"). */
const ABOUT: Record<PortalNoticeKind, string> = {
  invoice: 'new invoices',
  estimate: 'estimates to accept',
  'task-approval': 'tasks awaiting your approval',
  comment: 'new comments',
};

/**
 * The client portal's e-mail notifications (docs/product/portal.md#notifications): the mails, the
 * unsubscribe page and the portal's settings card.
 */
export const PORTAL_NOTICE_MESSAGES = {
  /** Each kind as the settings card lists it. */
  kindLabel: {
    invoice: 'New invoices',
    estimate: 'Estimates to accept',
    'task-approval': 'Tasks awaiting your approval',
    comment: 'New comments on tasks',
  } satisfies Record<PortalNoticeKind, string>,
  about: (kind: PortalNoticeKind) => ABOUT[kind],

  // The mails.
  invoiceSubject: (number: string, workspace: string) => `New invoice ${number} from ${workspace}`,
  estimateSubject: (number: string, workspace: string) =>
    `Estimate ${number} from ${workspace} awaits your answer`,
  taskApprovalSubject: (task: string) => `Task awaiting your approval: ${task}`,
  commentSubject: (task: string) => `New comment on ${task}`,
  hello: (name: string) => `Hello ${name},`,
  invoiceBody: (workspace: string, number: string, total: string, dueDate: string | null) =>
    `${workspace} has sent you invoice ${number} for ${total}${dueDate ? `, due on ${dueDate}` : ''}. Open it in your client portal to see its details, download the PDF and see how to pay.`,
  estimateBody: (workspace: string, number: string, total: string, validUntil: string) =>
    `${workspace} has sent you estimate ${number} for ${total}, valid until ${validUntil}. Open it in your client portal to read it, then accept or decline it.`,
  taskApprovalBody: (task: string, project: string) =>
    `The task “${task}” in ${project} is ready for your review. Open it in your client portal to approve it or ask for changes.`,
  commentBody: (author: string, task: string, project: string) =>
    `${author} commented on the task “${task}” in ${project}. Open it in your client portal to read the comment and reply.`,
  action: {
    invoice: 'View the invoice',
    estimate: 'View the estimate',
    'task-approval': 'Review the task',
    comment: 'Read the comment',
  } satisfies Record<PortalNoticeKind, string>,
  whyYouGetThis: (workspace: string) =>
    `You get these e-mails because you can use the client portal of ${workspace}.`,
  stopLine: (kind: PortalNoticeKind) => `Stop e-mails about ${ABOUT[kind]}`,

  // The unsubscribe page (/portal/unsubscribe?token=…): a button, since mail scanners open links too.
  unsubscribeTitle: 'E-mail notifications',
  unsubscribeQuestion: (kind: PortalNoticeKind) => `Stop e-mails about ${ABOUT[kind]}?`,
  unsubscribeIntro: (kind: PortalNoticeKind, workspace: string) =>
    `You will no longer get e-mails about ${ABOUT[kind]} from the client portal of ${workspace}. Other e-mails stay as they are.`,
  unsubscribeButton: 'Stop these e-mails',
  unsubscribeBusy: 'Saving...',
  unsubscribed: (kind: PortalNoticeKind) =>
    `Done: you will no longer get e-mails about ${ABOUT[kind]}. You can turn them on again in the portal, under E-mail notifications.`,
  unsubscribeMissing: 'This page needs the link from your e-mail.',
  /** Forged, altered, or of an access that was removed: one answer for all. */
  unsubscribeInvalid:
    'This unsubscribe link is not valid. Use the link from your latest e-mail, or change your e-mail notifications in the portal.',
  unsubscribeTooMany: (wait: number) =>
    `Too many requests. Please try again in ${wait} minute${wait === 1 ? '' : 's'}.`,
  /** The one-click POST (RFC 8058) without its body. */
  oneClickBody: 'Send List-Unsubscribe=One-Click, or the token as JSON.',
  goToPortal: 'Go to the client portal',

  // The settings card on the portal's home.
  settingsTitle: 'E-mail notifications',
  settingsIntro: 'Choose what we e-mail you about. Each e-mail links to its page in this portal.',
  settingsSave: 'Save',
  settingsSaving: 'Saving...',
  settingsSaved: 'Your e-mail notifications are saved.',
  settingsConflict: 'Your e-mail notifications were changed meanwhile. Please try again.',
  settingsLoadFailed: 'Your e-mail notifications could not be loaded. Reload the page to try again.',
} as const;
