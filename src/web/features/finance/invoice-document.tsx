import { Fragment } from 'react';
import { TAX_CATEGORY_LABELS, gstStateLabel, rateText } from '../../../shared/finance';
import { formatMoney } from '../../../shared/money';
import type { EstimateView } from '../../../shared/schemas/estimates';
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

/** What a document shows, whether an invoice, a credit note or an estimate. */
type Sheet = Pick<
  InvoiceView,
  | 'scheme'
  | 'currency'
  | 'placeOfSupply'
  | 'seller'
  | 'buyer'
  | 'lines'
  | 'totals'
  | 'amountInWords'
  | 'notes'
  | 'terms'
>;

/**
 * A document (docs/product/finance.md#the-document): seller and buyer, place of supply, the lines with SAC,
 * quantity, rate and taxable value, the tax summary, the total and the amount in words, under its title,
 * number and dates. A draft invoice carries a "DRAFT" watermark and ribbon: it has no number yet.
 */
function DocumentSheet({
  doc,
  title,
  number,
  dates,
  watermark,
  caption,
  testId,
}: {
  doc: Sheet;
  title: string;
  number: string | null;
  /** Label and day, shown beside the number ("Date", "Due", "Valid until"). */
  dates: readonly (readonly [string, string | null])[];
  watermark: boolean;
  /** The lines table's name. */
  caption: string;
  testId: string;
}) {
  const india = doc.scheme !== 'vat';
  const money = (minor: number) => formatMoney(minor, doc.currency);
  const place = doc.placeOfSupply === '96' ? '96 - Other Country' : gstStateLabel(doc.placeOfSupply);

  return (
    <article
      aria-label={`${title} ${number ?? 'draft'}`}
      className="relative overflow-hidden rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-8"
      data-testid={testId}
    >
      {watermark && (
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
            <p className="font-mono text-xl font-bold text-ink">{number ?? 'Not numbered yet'}</p>
          </div>
          <dl className="grid grid-cols-[auto_auto] gap-x-4 gap-y-0.5 text-sm">
            {dates.map(([label, day]) => (
              <Fragment key={label}>
                <dt className="text-muted">{label}</dt>
                <dd className="text-ink">{showDate(day)}</dd>
              </Fragment>
            ))}
            {india && place && (
              <>
                <dt className="text-muted">Place of supply</dt>
                <dd className="text-ink">{place}</dd>
              </>
            )}
          </dl>
        </header>
        <div className="grid gap-6 sm:grid-cols-2">
          <Party title="From" party={doc.seller} india={india} />
          <Party title="Bill to" party={doc.buyer} india={india} />
        </div>
        <DataTable caption={caption} tableClassName="min-w-[40rem]">
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
            {doc.lines.map((line, i) => (
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
                {doc.amountInWords}
              </span>
            </p>
            {doc.notes && <p className="whitespace-pre-wrap text-muted">{doc.notes}</p>}
            {doc.terms && (
              <p className="whitespace-pre-wrap text-xs text-muted">
                <span className="font-semibold">Terms: </span>
                {doc.terms}
              </p>
            )}
          </div>
          <TotalsBox totals={doc.totals} currency={doc.currency} label="Tax summary" />
        </div>
      </div>
    </article>
  );
}

/** An invoice or credit note as a document; a draft is watermarked. */
export function InvoiceDocument({ invoice }: { invoice: InvoiceView }) {
  const india = invoice.scheme !== 'vat';
  const title = invoice.kind === 'credit_note' ? 'Credit note' : india ? 'Tax invoice' : 'Invoice';
  return (
    <DocumentSheet
      doc={invoice}
      title={title}
      number={invoice.number}
      dates={
        invoice.kind === 'invoice'
          ? [
              ['Date', invoice.issueDate],
              ['Due', invoice.dueDate],
            ]
          : [['Date', invoice.issueDate]]
      }
      watermark={invoice.state === 'draft'}
      caption="Invoice lines"
      testId="invoice-document"
    />
  );
}

/**
 * An estimate as its PDF prints it (docs/product/finance.md#estimates): "Estimate", its number, date and
 * validity date where an invoice has its due date; no balance, no payments. Numbered when made, so never
 * watermarked.
 */
export function EstimateDocument({ estimate }: { estimate: EstimateView }) {
  return (
    <DocumentSheet
      doc={estimate}
      title="Estimate"
      number={estimate.number}
      dates={[
        ['Date', estimate.issueDate],
        ['Valid until', estimate.validUntil],
      ]}
      watermark={false}
      caption="Estimate lines"
      testId="estimate-document"
    />
  );
}
