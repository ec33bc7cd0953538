import type { Kysely } from 'kysely';
import { INDIAN_STATES, countryName } from '../../../shared/clients';
import { OUTSIDE_INDIA } from '../../../shared/finance';
import { FINANCE_MESSAGES as M } from '../../../shared/messages';
import type { FinanceSettings, FinanceSettingsInput } from '../../../shared/schemas/finance';
import type { ClientContactRow, ClientRow, Database, FinanceSettingsRow, SessionUser } from '../../db/types';
import type { InvoiceParty } from './invoice-document';
import { findFinanceSettings, saveFinanceSettings } from './invoices.repository';

/** What a workspace that never saved its tax profile invoices with: an Indian agency's usual. */
const DEFAULTS = {
  country: 'IN',
  currency: 'INR',
  defaultRateBp: 1800,
  defaultSac: '998361',
  invoicePrefix: 'INV/',
  creditNotePrefix: 'CN/',
  fyStartMonth: 4,
  paymentTermsDays: 30,
} as const;

export const stateNameOf = (code: string): string =>
  code === OUTSIDE_INDIA ? 'Other Country' : (INDIAN_STATES.find(([c]) => c === code)?.[1] ?? '');

export function settingsView(row: FinanceSettingsRow | undefined, workspaceName: string): FinanceSettings {
  if (!row)
    return {
      ...DEFAULTS,
      legalName: workspaceName,
      addressLine1: '',
      addressLine2: '',
      city: '',
      postalCode: '',
      stateCode: '',
      taxId: '',
      email: '',
      upiId: '',
      bankDetails: '',
      notes: '',
      terms: '',
      configured: false,
      updatedAt: null,
    };
  return {
    legalName: row.legal_name,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    city: row.city,
    postalCode: row.postal_code,
    country: row.country,
    stateCode: row.state_code,
    taxId: row.tax_id,
    email: row.email,
    currency: row.currency,
    defaultRateBp: row.default_rate_bp,
    defaultSac: row.default_sac,
    invoicePrefix: row.invoice_prefix,
    creditNotePrefix: row.credit_note_prefix,
    fyStartMonth: row.fy_start_month,
    paymentTermsDays: row.payment_terms_days,
    upiId: row.upi_id,
    bankDetails: row.bank_details,
    notes: row.notes,
    terms: row.terms,
    configured: true,
    updatedAt: row.updated_at,
  };
}

/** The workspace as its invoices name it (the seller). */
export function sellerParty(settings: FinanceSettings): InvoiceParty {
  const cityLine = [settings.city, settings.postalCode].filter(Boolean).join(' ');
  return {
    name: settings.legalName,
    addressLines: [
      settings.addressLine1,
      settings.addressLine2,
      cityLine,
      countryName(settings.country),
    ].filter(Boolean),
    country: settings.country,
    stateCode: settings.stateCode,
    stateName: stateNameOf(settings.stateCode),
    taxId: settings.taxId,
    email: settings.email,
    address: {
      line1: settings.addressLine1,
      line2: settings.addressLine2,
      city: settings.city,
      postalCode: settings.postalCode,
    },
  };
}

/** The client as its invoices name it (the buyer): its legal name, address, GSTIN or VAT number. */
export function buyerParty(client: ClientRow, contacts: ClientContactRow[], stateCode: string): InvoiceParty {
  const cityLine = [client.city, client.postal_code].filter(Boolean).join(' ');
  return {
    name: client.legal_name || client.name,
    addressLines: [
      client.address_line1,
      client.address_line2,
      [cityLine, client.country === 'IN' ? '' : client.state].filter(Boolean).join(', '),
      countryName(client.country),
    ].filter(Boolean),
    country: client.country,
    stateCode,
    stateName: stateNameOf(stateCode),
    taxId: client.tax_id,
    email: contacts.find((contact) => contact.email)?.email ?? '',
    address: {
      line1: client.address_line1,
      line2: client.address_line2,
      city: client.city,
      postalCode: client.postal_code,
    },
  };
}

/** The tax profile (docs/product/finance.md#tax-profile): read by every finance member, saved by them too. */
export function createFinanceSettings(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  return {
    async get(caller: SessionUser, workspaceName: string): Promise<FinanceSettings> {
      return settingsView(await findFinanceSettings(db, caller.workspace_id), workspaceName);
    },

    async save(
      caller: SessionUser,
      input: FinanceSettingsInput,
    ): Promise<{ message: string; settings: FinanceSettings }> {
      const row: FinanceSettingsRow = {
        workspace_id: caller.workspace_id,
        legal_name: input.legalName,
        address_line1: input.addressLine1,
        address_line2: input.addressLine2,
        city: input.city,
        postal_code: input.postalCode,
        country: input.country,
        state_code: input.country === 'IN' ? input.stateCode : '',
        tax_id: input.taxId,
        email: input.email,
        currency: input.currency,
        default_rate_bp: input.defaultRateBp,
        default_sac: input.defaultSac,
        invoice_prefix: input.invoicePrefix,
        credit_note_prefix: input.creditNotePrefix,
        fy_start_month: input.fyStartMonth,
        payment_terms_days: input.paymentTermsDays,
        upi_id: input.upiId,
        bank_details: input.bankDetails,
        notes: input.notes,
        terms: input.terms,
        updated_at: clock().toISOString(),
      };
      await saveFinanceSettings(db, row);
      return { message: M.settingsSaved, settings: settingsView(row, input.legalName) };
    },
  };
}
export type FinanceSettingsService = ReturnType<typeof createFinanceSettings>;
