import type { Kysely, Transaction } from 'kysely';
import { placeOfSupply, taxSchemeFor } from '../../../shared/finance';
import type { Totals } from '../../../shared/invoice-totals';
import type { FinanceSettings, InvoiceLineInput } from '../../../shared/schemas/finance';
import type { ClientRow, Database } from '../../db/types';
import { contactsOf } from '../clients/clients.service';
import { checkedTotals } from './document-lines';
import { buyerParty, sellerParty } from './finance-settings';

/**
 * What an invoice and an estimate take alike from their client and lines: the place of supply and the tax
 * scheme it gives, the totals, the parties as printed now, and the text the list searches.
 */
export async function documentBasis(
  db: Kysely<Database> | Transaction<Database>,
  settings: FinanceSettings,
  client: ClientRow,
  input: { placeOfSupply: string; lines: InvoiceLineInput[]; notes: string; terms: string },
): Promise<{ totals: Totals; columns: DocumentBasisColumns }> {
  const place = placeOfSupply(settings.country, { ...client, taxId: client.tax_id }, input.placeOfSupply);
  const scheme = taxSchemeFor(settings.country, settings.stateCode, place);
  const totals = checkedTotals(input.lines, scheme);
  return {
    totals,
    columns: {
      client_id: client.id,
      currency: client.currency,
      scheme,
      place_of_supply: place,
      seller: JSON.stringify(sellerParty(settings)),
      buyer: JSON.stringify(buyerParty(client, await contactsOf(db, [client.id]), place)),
      subtotal: totals.subtotal,
      tax_total: totals.taxTotal,
      total: totals.total,
      notes: input.notes || settings.notes,
      terms: input.terms || settings.terms,
      search_text: [client.name, client.legal_name, ...input.lines.map((line) => line.description)]
        .join(' ')
        .toLowerCase()
        .slice(0, 2000),
    },
  };
}

export interface DocumentBasisColumns {
  client_id: string;
  currency: string;
  scheme: string;
  place_of_supply: string;
  seller: string;
  buyer: string;
  subtotal: number;
  tax_total: number;
  total: number;
  notes: string;
  terms: string;
  search_text: string;
}
