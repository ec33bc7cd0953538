import type { Transaction } from 'kysely';
import { PORTAL_NOTICE_MESSAGES as M } from '../../shared/messages';
import type { PortalNotice, PortalNoticeSubject } from '../../shared/portal-notifications';
import type { Database } from '../db/types';
import { plainMailName, render, type MailBody } from './templates';

/**
 * A client portal notice (docs/product/portal.md#notifications): what happened, a button to its page in the
 * portal, why the person gets it and the link that stops this kind. Every name someone typed (the
 * workspace's, a task's title, a comment's author) is flattened to one line and cut.
 */
export function portalNoticeMail(
  siteName: string,
  input: {
    subject: PortalNoticeSubject;
    name: string;
    workspaceName: string;
    link: string;
    unsubscribeLink: string;
  },
): MailBody {
  const workspace = plainMailName(input.workspaceName);
  const about = input.subject;
  const [subject, body] = ((): [string, string] => {
    switch (about.kind) {
      case 'invoice':
        return [
          M.invoiceSubject(about.number, workspace),
          M.invoiceBody(workspace, about.number, about.total, about.dueDate),
        ];
      case 'estimate':
        return [
          M.estimateSubject(about.number, workspace),
          M.estimateBody(workspace, about.number, about.total, about.validUntil),
        ];
      case 'task-approval': {
        const task = plainMailName(about.task);
        return [M.taskApprovalSubject(task), M.taskApprovalBody(task, plainMailName(about.project))];
      }
      case 'comment': {
        const task = plainMailName(about.task);
        return [
          M.commentSubject(task),
          M.commentBody(plainMailName(about.author), task, plainMailName(about.project)),
        ];
      }
    }
  })();
  return render(siteName, subject, {
    paragraphs: [M.hello(plainMailName(input.name)), body],
    action: { label: M.action[about.kind], url: input.link },
    footnote: M.whyYouGetThis(workspace),
    unsubscribe: { label: M.stopLine(about.kind), url: input.unsubscribeLink },
  });
}

/**
 * What a module whose change causes a portal notice receives from app.ts (the portal module implements
 * it): the modules need not import the portal, so no import circle can form through it.
 */
export interface PortalNotifier {
  /** The brand the mails sign with; read it before the transaction (SQLite's one connection). */
  siteName(): Promise<string>;
  /** Queues the notice's mails inside the cause's transaction; answers how many. */
  notify(trx: Transaction<Database>, siteName: string, notice: PortalNotice): Promise<number>;
  /** After the commit: send the queued notices now rather than at the worker's next round. */
  sendSoon(): void;
}
