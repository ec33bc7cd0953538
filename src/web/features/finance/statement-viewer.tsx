import { useState } from 'react';
import { formatMoney } from '../../../shared/money';
import type { Statement } from '../../../shared/schemas/finance';
import { Banner } from '../../components/ui/banner';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { OptionSelectField } from '../../components/ui/option-select-field';
import { Spinner } from '../../components/ui/spinner';
import { DataTable, tableHeadClasses } from '../../components/ui/table';
import { loadError, showDate } from '../../components/finance/finance-parts';
import { useClientOptions } from '../../lib/clients-api';
import { useStatement } from '../../lib/finance-api';

const KIND_LABELS: Record<Statement['entries'][number]['kind'], string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
  payment: 'Payment',
  refund: 'Refund',
};

function StatementTable({ statement }: { statement: Statement }) {
  const money = (minor: number) => formatMoney(minor, statement.currency);
  return (
    <DataTable caption={`Statement of ${statement.clientName}`} tableClassName="min-w-[40rem]">
      <thead className={tableHeadClasses}>
        <tr>
          <th className="px-4 py-3">Date</th>
          <th className="px-4 py-3">Entry</th>
          <th className="px-4 py-3">Reference</th>
          <th className="px-4 py-3 text-right">Debit</th>
          <th className="px-4 py-3 text-right">Credit</th>
          <th className="px-4 py-3 text-right">Balance</th>
        </tr>
      </thead>
      <tbody>
        <tr className="border-b border-line bg-slate-50">
          <td className="px-4 py-2 text-muted">{showDate(statement.from)}</td>
          <td className="px-4 py-2 font-medium text-ink" colSpan={4}>
            Opening balance
          </td>
          <td className="px-4 py-2 text-right font-medium tabular-nums">{money(statement.opening)}</td>
        </tr>
        {statement.entries.map((entry) => (
          <tr key={`${entry.kind}-${entry.id}`} className="border-b border-line">
            <td className="px-4 py-2 text-muted">{showDate(entry.date)}</td>
            <td className="px-4 py-2 text-ink">{KIND_LABELS[entry.kind]}</td>
            <td className="px-4 py-2 font-mono text-xs text-muted">{entry.reference || '–'}</td>
            <td className="px-4 py-2 text-right tabular-nums">{entry.debit ? money(entry.debit) : ''}</td>
            <td className="px-4 py-2 text-right tabular-nums">{entry.credit ? money(entry.credit) : ''}</td>
            <td className="px-4 py-2 text-right tabular-nums text-ink">{money(entry.balance)}</td>
          </tr>
        ))}
        <tr className="bg-slate-50">
          <td className="px-4 py-2 text-muted">{showDate(statement.to)}</td>
          <td className="px-4 py-2 font-semibold text-ink" colSpan={4}>
            Closing balance
          </td>
          <td className="px-4 py-2 text-right font-semibold tabular-nums">{money(statement.closing)}</td>
        </tr>
      </tbody>
    </DataTable>
  );
}

/** A client's statement: its invoices, credit notes and payments between two days, with a running balance. */
export function StatementViewer() {
  const clients = useClientOptions();
  const [client, setClient] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const statement = useStatement(client, from, to);
  return (
    <Card className="space-y-4 p-5">
      <h3 className="text-base font-semibold text-ink">Client statement</h3>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
        <OptionSelectField
          label="Client"
          value={client}
          onChange={(e) => setClient(e.target.value)}
          options={[
            { value: '', label: 'Choose a client' },
            ...(clients.data ?? []).map((c) => ({ value: c._id, label: c.name })),
          ]}
        />
        <TextField label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <TextField label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      </div>
      {!client ? (
        <p className="text-sm text-muted">Choose a client to see what it was billed, paid and owes.</p>
      ) : statement.isPending ? (
        <Spinner label="Loading the statement..." />
      ) : statement.isError ? (
        <Banner message={loadError(statement.error, 'The statement')} />
      ) : (
        <StatementTable statement={statement.data} />
      )}
    </Card>
  );
}
