import { TAX_CATEGORY_LABELS, gstStateLabel, rateText } from '../../../shared/finance';
import { formatMoney } from '../../../shared/money';
import type { InvoicePartyView, InvoiceView } from '../../../shared/schemas/finance';
import { DataTable, tableHeadClasses } from '../../components/ui/table';
import { quantityText } from '../../components/finance/invoice-draft';
import { TotalsBox } from '../../components/finance/totals-box';
import { showDate } from '../../components/finance/finance-parts';

function Party({ title, party, india }: { title: string; party: InvoicePartyView; india: boolean }) {
  return (
    <section aria-label={title} className="min-w-0 text-sm">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-muted">{title}</h3>
      <p className="mt-1 font-semibold text-ink">{party.name || '–'}</p>
      {party.addressLines.map((line) => (
        <p key={line} className="text-muted">
          {line}
        </p>
      ))}
      {party.taxId && (
        <p className="mt-1 text-ink">
          {india ? 'GSTIN' : 'VAT'} <span className="font-mono">{party.taxId}</span>
        </p>
      )}
      {india && party.stateCode && (
        <p className="text-muted">
          State: {gstStateLabel(party.stateCode) || `${party.stateCode} - ${party.stateName}`}
        </p>
      )}
      {party.email && <p className="text-muted">{party.email}</p>}
    </section>
  );
}

/**
 * An invoice or credit note as a document (docs/product/finance.md#invoices): seller and buyer, place of
 * supply, the lines with SAC, quantity, rate and taxable value, the tax summary, the total and the amount
 * in words. A draft carries a "DRAFT" watermark and ribbon: it has no number yet.
 */
export function InvoiceDocument({ invoice }: { invoice: InvoiceView }) {
  const india = invoice.scheme !== 'vat';
  const draft = invoice.state === 'draft';
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const place = invoice.placeOfSupply === '96' ? '96 - Other Country' : gstStateLabel(invoice.placeOfSupply);
  const title = invoice.kind === 'credit_note' ? 'Credit note' : india ? 'Tax invoice' : 'Invoice';

  return (
    <article
      aria-label={`${title} ${invoice.number ?? 'draft'}`}
      className="relative overflow-hidden rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-8"
      data-testid="invoice-document"
    >
      {draft && (
        <>
          <div
            aria-hidden
            className="pointer-events-none absolute inset-0 flex select-none items-center justify-center"
          >
            <span className="-rotate-[24deg] text-[5rem] font-black tracking-[0.2em] text-slate-200/70 sm:text-[9rem]">
              DRAFT
            </span>
          </div>
          <p className="absolute right-0 top-0 rounded-bl-xl bg-slate-700 px-4 py-1 text-xs font-bold uppercase tracking-widest text-white">
            Draft
          </p>
        </>
      )}
      <div className="relative space-y-6">
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-line pb-4">
          <div>
            <p className="text-xs font-semibold uppercase tracking-wide text-muted">{title}</p>
            <p className="font-mono text-xl font-bold text-ink">{invoice.number ?? 'Not numbered yet'}</p>
          </div>
          <dl className="grid grid-cols-[auto_auto] gap-x-4 gap-y-0.5 text-sm">
            <dt className="text-muted">Date</dt>
            <dd className="text-ink">{showDate(invoice.issueDate)}</dd>
            {invoice.kind === 'invoice' && (
              <>
                <dt className="text-muted">Due</dt>
                <dd className="text-ink">{showDate(invoice.dueDate)}</dd>
              </>
            )}
            {india && place && (
              <>
                <dt className="text-muted">Place of supply</dt>
                <dd className="text-ink">{place}</dd>
              </>
            )}
          </dl>
        </header>
        <div className="grid gap-6 sm:grid-cols-2">
          <Party title="From" party={invoice.seller} india={india} />
          <Party title="Bill to" party={invoice.buyer} india={india} />
        </div>
        <DataTable caption="Invoice lines" tableClassName="min-w-[40rem]">
          <thead className={tableHeadClasses}>
            <tr>
              <th className="px-3 py-2">#</th>
              <th className="px-3 py-2">Description</th>
              {india && <th className="px-3 py-2">SAC</th>}
              <th className="px-3 py-2 text-right">Qty</th>
              <th className="px-3 py-2 text-right">Rate</th>
              <th className="px-3 py-2 text-right">Tax</th>
              <th className="px-3 py-2 text-right">Taxable value</th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line, i) => (
              <tr key={line._id} className="border-b border-line align-top last:border-0">
                <td className="px-3 py-2 text-muted">{i + 1}</td>
                <td className="px-3 py-2 text-ink">
                  {line.description}
                  {line.discount > 0 && (
                    <span className="block text-xs text-muted">Less discount {money(line.discount)}</span>
                  )}
                  {line.exemptReason && (
                    <span className="block text-xs text-muted">Exempt: {line.exemptReason}</span>
                  )}
                  {line.inclusive && <span className="block text-xs text-muted">Price includes tax</span>}
                </td>
                {india && <td className="px-3 py-2 font-mono text-muted">{line.sac || '–'}</td>}
                <td className="px-3 py-2 text-right tabular-nums">
                  {quantityText(line.quantityMilli)} {line.unit}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{money(line.unitPrice)}</td>
                <td className="px-3 py-2 text-right text-muted">
                  {line.category === 'standard' ? rateText(line.rateBp) : TAX_CATEGORY_LABELS[line.category]}
                </td>
                <td className="px-3 py-2 text-right font-medium tabular-nums">{money(line.net)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
        <div className="grid gap-4 sm:grid-cols-[1fr_20rem]">
          <div className="space-y-3 text-sm">
            <p>
              <span className="text-muted">Amount in words: </span>
              <span className="font-medium text-ink" data-testid="amount-in-words">
                {invoice.amountInWords}
              </span>
            </p>
            {invoice.notes && <p className="whitespace-pre-wrap text-muted">{invoice.notes}</p>}
            {invoice.terms && (
              <p className="whitespace-pre-wrap text-xs text-muted">
                <span className="font-semibold">Terms: </span>
                {invoice.terms}
              </p>
            )}
          </div>
          <TotalsBox totals={invoice.totals} currency={invoice.currency} label="Tax summary" />
        </div>
      </div>
    </article>
  );
}
