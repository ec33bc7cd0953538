import { MAILING_LIST_MESSAGES as M } from '../../shared/messages';
import { plainMailName, render, type MailBody } from './templates';

/**
 * The double opt-in confirmation (docs/product/marketing.md#the-subscribe-form): transactional, one person's
 * own request, so no unsubscribe link or List-Unsubscribe header. The link opens a page whose button
 * confirms; the mail repeats the words the person agreed to. Names someone typed are flattened to one line.
 */
export function listConfirmationMail(
  siteName: string,
  input: { list: string; workspace: string; consentText: string; link: string },
): MailBody {
  const list = plainMailName(input.list);
  return render(siteName, M.confirmSubject(list), {
    paragraphs: [
      M.confirmMailIntro(list, plainMailName(input.workspace)),
      M.confirmMailAgreed(input.consentText),
    ],
    action: { label: M.confirmMailAction, url: input.link },
    footnote: M.confirmMailIgnore,
  });
}
