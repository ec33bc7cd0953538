import { MAILING_LISTS } from '../mailing-lists';
import { groupThousands } from '../text';

/** Mailing lists, consent and the public subscribe form (docs/product/marketing.md#lists-and-consent). */
export const MAILING_LIST_MESSAGES = {
  listNotFound: 'Mailing list not found.',
  memberNotFound: 'That person is not on this list.',
  nameTaken: 'A list with this name already exists.',
  nameRequired: 'Enter a name for the list.',
  consentTextRequired: `Enter the sentence people agree to (at least ${MAILING_LISTS.consentTextMin} characters).`,
  basisRequired: `State the basis of consent (${MAILING_LISTS.basisMin}–${MAILING_LISTS.basisMax} characters), e.g. "Signed up at our stand, 2026-10-01".`,
  emailInvalid: 'Enter a valid e-mail address.',
  alreadyMember: 'This address is already on the list.',
  memberUnsubscribed:
    'This person unsubscribed from the list. Only they can subscribe again, through the subscribe form.',
  addressSuppressed: 'This address is on the suppression list: no mail is ever sent to it.',
  added: 'Added to the list.',
  addedUnconfirmed: 'Added as unconfirmed: a confirmation e-mail is on its way.',
  unsubscribed: 'Unsubscribed from the list. The record of their consent is kept.',
  deleted: 'List deleted.',
  importMissingEmail: 'The file needs an "email" column.',
  importTooManyRows: `A subscriber file may have at most ${groupThousands(MAILING_LISTS.importMaxRows)} rows.`,
  importTooLarge: `A subscriber file may be at most ${MAILING_LISTS.importMaxBytes / 1024 / 1024} MB.`,
  importError: 'The file could not be read as CSV.',
  suppressionExists: 'This address is already suppressed.',
  suppressionNotFound: 'This address is not suppressed.',
  suppressionKept: (reason: string) =>
    `This address is suppressed because of ${reason === 'unsubscribed' ? 'an unsubscribe' : reason === 'complaint' ? 'a complaint' : reason === 'soft-bounce' ? 'repeated soft bounces' : 'a hard bounce'}; only suppressions added by hand can be removed.`,
  suppressionAdded: 'Address suppressed.',
  suppressionRemoved: 'Suppression removed.',

  // The public form and its confirmation.
  formNotFound: 'This subscribe form does not exist.',
  subscribedDouble: 'Thank you. Check your inbox to confirm your subscription.',
  subscribedSingle: 'Thank you. Your subscription is recorded.',
  tooMany: (minutes: number) =>
    `Too many sign-ups from your address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  confirmInvalid: 'This confirmation link is invalid or has already been used.',
  confirmed: 'Your subscription is confirmed. Thank you!',
  confirmTitle: 'Confirm subscription',
  confirmIntro: 'Press the button to confirm that you want to receive these e-mails.',
  confirmButton: 'Confirm subscription',
  confirmBusy: 'Confirming…',
  confirmMissing: 'This page needs the link from the confirmation e-mail.',
  subscribeTitle: (list: string) => `Subscribe: ${list}`,
  subscribeButton: 'Subscribe',
  subscribeBusy: 'Subscribing…',
  subscribeAgree: 'I agree',
  emailLabel: 'E-mail',
  nameLabel: 'Name (optional)',

  // The confirmation mail.
  confirmSubject: (list: string) => `Confirm your subscription to ${list}`,
  confirmMailIntro: (list: string, workspace: string) =>
    `Someone, hopefully you, asked to receive "${list}" from ${workspace} at this address.`,
  confirmMailAgreed: (text: string) => `You agreed to: ${text}`,
  confirmMailAction: 'Confirm subscription',
  confirmMailIgnore:
    'If this was not you, ignore this e-mail: you will not be subscribed, and the request is erased after 7 days.',
} as const;
