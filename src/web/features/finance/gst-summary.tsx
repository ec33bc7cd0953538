import { useState } from 'react';
import { TAX_CATEGORY_LABELS, rateText } from '../../../shared/finance';
import { formatMoney } from '../../../shared/money';
import { Banner } from '../../components/ui/banner';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { DataTable, tableHeadClasses } from '../../components/ui/table';
import { loadError } from '../../components/finance/finance-parts';
import { useGstSummary } from '../../lib/finance-api';

/** The previous month: the one a GST return is filed for. */
function lastMonth(): string {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return first.toISOString().slice(0, 7);
}

/** A month's final invoices less credit notes by rate: taxable value, CGST, SGST and IGST, for the return. */
export function GstSummary() {
  const [month, setMonth] = useState(lastMonth);
  const summary = useGstSummary(month);
  const s = summary.data;
  const money = (minor: number) => formatMoney(minor, s?.currency ?? 'INR');
  const vat = Boolean(s && s.totals.vat !== 0);
  return (
    <Card className="space-y-4 p-5">
      <h3 className="text-base font-semibold text-ink">GST summary</h3>
      <TextField
        label="Month"
        type="month"
        className="max-w-48"
        value={month}
        onChange={(e) => setMonth(e.target.value)}
      />
      {!/^\d{4}-\d{2}$/.test(month) ? (
        <p className="text-sm text-muted">Choose a month.</p>
      ) : summary.isPending ? (
        <Spinner label="Loading the GST summary..." />
      ) : summary.isError ? (
        <Banner message={loadError(summary.error, 'The GST summary')} />
      ) : s!.rows.length === 0 ? (
        <p className="text-sm text-muted">No final invoice or credit note in this month.</p>
      ) : (
        <DataTable caption={`GST summary for ${month}`} tableClassName="min-w-[40rem]">
          <thead className={tableHeadClasses}>
            <tr>
              <th className="px-4 py-3">Rate</th>
              <th className="px-4 py-3 text-right">Taxable value</th>
              <th className="px-4 py-3 text-right">CGST</th>
              <th className="px-4 py-3 text-right">SGST</th>
              <th className="px-4 py-3 text-right">IGST</th>
              {vat && <th className="px-4 py-3 text-right">VAT</th>}
              <th className="px-4 py-3 text-right">Documents</th>
            </tr>
          </thead>
          <tbody>
            {s!.rows.map((row) => (
              <tr key={`${row.category}-${row.rateBp}`} className="border-b border-line">
                <td className="px-4 py-2 text-ink">
                  {row.category === 'standard' ? rateText(row.rateBp) : TAX_CATEGORY_LABELS[row.category]}
                </td>
                <td className="px-4 py-2 text-right tabular-nums">{money(row.taxable)}</td>
                <td className="px-4 py-2 text-right tabular-nums">{money(row.cgst)}</td>
                <td className="px-4 py-2 text-right tabular-nums">{money(row.sgst)}</td>
                <td className="px-4 py-2 text-right tabular-nums">{money(row.igst)}</td>
                {vat && <td className="px-4 py-2 text-right tabular-nums">{money(row.vat)}</td>}
                <td className="px-4 py-2 text-right text-muted">{row.documents}</td>
              </tr>
            ))}
            <tr className="bg-slate-50 font-semibold">
              <td className="px-4 py-2 text-ink">Total</td>
              <td className="px-4 py-2 text-right tabular-nums">{money(s!.totals.taxable)}</td>
              <td className="px-4 py-2 text-right tabular-nums">{money(s!.totals.cgst)}</td>
              <td className="px-4 py-2 text-right tabular-nums">{money(s!.totals.sgst)}</td>
              <td className="px-4 py-2 text-right tabular-nums">{money(s!.totals.igst)}</td>
              {vat && <td className="px-4 py-2 text-right tabular-nums">{money(s!.totals.vat)}</td>}
              <td />
            </tr>
          </tbody>
        </DataTable>
      )}
    </Card>
  );
}
