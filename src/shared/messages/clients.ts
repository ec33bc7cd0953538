import { CLIENT_LIMITS } from '../clients';

/** Clients (docs/product/projects.md#clients). */
export const CLIENT_MESSAGES = {
  notFound: 'Client not found',
  nameRequired: 'Enter the client’s name',
  nameTooLong: `The name must be ${CLIENT_LIMITS.nameMax} characters or less`,
  currencyInvalid: 'Choose a currency by its three-letter ISO 4217 code (INR, USD, EUR…)',
  countryInvalid: 'Choose a country by its two-letter ISO code (IN, US, GB…)',
  stateRequired: 'Choose the state: it decides where GST is supplied',
  stateInvalid: 'Choose one of India’s states or union territories',
  gstinInvalid: 'Enter a valid 15-character GSTIN (for example 27AAPFU0939F1ZV)',
  gstinState: 'The GSTIN’s first two digits name another state than the billing address',
  vatInvalid: 'Enter the VAT number with its country prefix (for example DE123456789)',
  taxIdInvalid: 'Enter the tax id as letters and digits (3 to 20)',
  paymentTermsInvalid: `Payment terms are whole days from 0 to ${CLIENT_LIMITS.paymentTermsMaxDays}`,
  contactNameRequired: 'Enter the contact’s name',
  contactEmailInvalid: 'Enter a valid e-mail address for the contact',
  tooManyContacts: `A client can have at most ${CLIENT_LIMITS.contactsMax} contacts`,
  ownerInvalid: 'Choose an owner from this workspace’s members who work on projects',
  created: 'Client added',
  converted: (name: string) => `Lead converted: ${name} is now a client.`,
  linked: (name: string) => `Lead converted and linked to the client ${name}.`,
  alreadyConverted: (name: string) => `This lead was already converted into the client ${name}.`,
  leadNotFound: 'Lead not found',
  updated: 'Client updated',
  deleted: 'Client deleted',
  empty: 'No clients yet. Add one, or convert a won lead into a client.',
  noMatch: 'No clients match these filters.',
} as const;

/** How the client's timeline tells what its contacts did in the client portal (docs/product/portal.md#on-the-clients-timeline). */
export const CLIENT_PORTAL_TIMELINE = {
  signedIn: 'signed in to the client portal',
  task: {
    'client-approved': (task: string) => `approved ${task} in the portal`,
    'client-requested-changes': (task: string) => `asked for changes to ${task} in the portal`,
    'client-commented': (task: string) => `commented on ${task} in the portal`,
    'client-uploaded': (task: string) => `uploaded a file to ${task} in the portal`,
  } as Record<string, (task: string) => string>,
  taskName: (number: number | null, title: string) => (number === null ? title : `task #${number} ${title}`),
  estimateAccepted: (number: string) => `accepted estimate ${number} in the portal`,
  estimateDeclined: (number: string) => `declined estimate ${number} in the portal`,
  invoiceViewed: (number: string) => `opened invoice ${number} in the portal`,
  paymentNotice: (number: string, amount: string | null) =>
    `said in the portal that invoice ${number} is paid${amount ? ` (${amount})` : ''}`,
} as const;
