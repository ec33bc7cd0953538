import { PORTAL_FINANCE as L } from '../portal-finance';

/** Estimates and invoices in the client portal: the answers of its routes (docs/product/portal.md#estimates). */
export const PORTAL_FINANCE_MESSAGES = {
  estimateNotFound: 'Estimate not found',
  invoiceNotFound: 'Invoice not found',
  acceptNameRequired: `Type your full name to accept (${L.acceptNameMin} to ${L.acceptNameMax} characters).`,
  agreeRequired: 'Tick “I have read this estimate and its terms” to accept it.',
  declineReasonRequired: `Tell us why you decline it (${L.declineReasonMin} to ${L.declineReasonMax} characters).`,
  alreadyAnswered: 'This estimate was already answered.',
  expired: 'This estimate is no longer valid. Ask for a new one.',
  accepted: (number: string) => `You accepted estimate ${number}. Thank you!`,
  declined: (number: string) => `You declined estimate ${number}. Thank you for letting us know.`,
  nothingToPay: 'This invoice has nothing left to pay.',
  amountInvalid: 'Enter the amount you paid, or leave it empty.',
  amountOverBalance: (balance: string) => `The amount can be at most ${balance}, what is left to pay.`,
  paidOnInvalid: 'Enter the day you paid.',
  paidOnFuture: 'The day you paid cannot be in the future.',
  methodInvalid: 'Choose how you paid.',
  referenceTooLong: `The reference can be at most ${L.noticeReferenceMax} characters.`,
  noteTooLong: `The note can be at most ${L.noticeNoteMax} characters.`,
  noticeSent: 'Thank you. We have told the team you paid; the invoice shows it once they record the payment.',
  noticesTooMany: (minutes: number) =>
    `Too many payment notes. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  /** The staff's side: the bell, the timeline, the invoice page. */
  noticeTitle: (number: string) => `Client says invoice ${number} is paid`,
  noticeMessage: (contact: string, number: string, amount: string | null, paidOn: string) =>
    `${contact} says they paid${amount ? ` ${amount}` : ''} on ${paidOn} for invoice ${number}. Record the payment to confirm it.`,
  noticeActivity: (contact: string, number: string) =>
    `${contact} said in the client portal that invoice ${number} is paid`,
  noticeNotFound: 'Payment notice not found',
  noticeDismissed: 'Payment notice dismissed',
  acceptedActivity: (name: string, number: string) =>
    `${name} accepted estimate ${number} in the client portal`,
  declinedActivity: (name: string, number: string) =>
    `${name} declined estimate ${number} in the client portal`,
  answeredTitle: (number: string, accepted: boolean) =>
    `Estimate ${number} ${accepted ? 'accepted' : 'declined'} in the portal`,
  answeredMessage: (name: string, number: string, accepted: boolean) =>
    `${name} ${accepted ? 'accepted' : 'declined'} estimate ${number} in the client portal.`,
} as const;
