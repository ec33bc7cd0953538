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
  updated: 'Client updated',
  deleted: 'Client deleted',
  empty: 'No clients yet. Add one, or convert a won lead into a client.',
  noMatch: 'No clients match these filters.',
} as const;
