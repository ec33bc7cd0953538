import { useCallback, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { PORTAL_FINANCE_TEXTS as T } from '../../../shared/messages';
import { formatMoney } from '../../../shared/money';
import type { Statement } from '../../../shared/schemas/finance';
import { showDate, todayIso } from '../../components/finance/finance-parts';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { portalStatement } from './portal-finance-api';
import { BackHome } from './portal-document';
import { PortalDocumentPage } from './portal-shell';

/** The first day of this financial year (April) as the default start: what an Indian client reconciles. */
function yearStart(today: string): string {
  const year = Number(today.slice(0, 4)) - (Number(today.slice(5, 7)) < 4 ? 1 : 0);
  return `${year}-04-01`;
}

function StatementView({ statement }: { statement: Statement }) {
  const [params, setParams] = useSearchParams();
  const [from, setFrom] = useState(statement.from ?? '');
  const [to, setTo] = useState(statement.to ?? '');
  const money = (minor: number) => formatMoney(minor, statement.currency);
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next = new URLSearchParams(params);
    next.set('from', from);
    next.set('to', to);
    setParams(next);
  }
  return (
    <div className="space-y-5">
      <BackHome />
      <Card className="space-y-4">
        <h1 className="text-2xl font-bold tracking-tight text-ink">{T.statementTitle}</h1>
        <p className="text-sm text-muted">{T.statementIntro}</p>
        <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3" aria-label={T.statementTitle}>
          <TextField label={T.from} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
          <TextField label={T.to} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          <Button type="submit" variant="secondary">
            {T.statementShow}
          </Button>
        </form>
      </Card>
      <Card className="space-y-3">
        <p className="flex justify-between text-sm">
          <span className="text-muted">{T.opening}</span>
          <span className="tabular-nums">{money(statement.opening)}</span>
        </p>
        {statement.entries.length === 0 ? (
          <p className="text-sm text-muted">{T.noEntries}</p>
        ) : (
          <ul className="divide-y divide-line text-sm" aria-label={T.statementTitle}>
            {statement.entries.map((entry) => (
              <li
                key={`${entry.kind}-${entry.id}`}
                className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2"
              >
                <span className="min-w-0">
                  <span className="font-medium text-ink">
                    {T.entryKinds[entry.kind]} {entry.reference}
                  </span>
                  <span className="block text-xs text-muted">{showDate(entry.date)}</span>
                </span>
                <span className="text-right tabular-nums">
                  {entry.debit ? `${T.debit}: ${money(entry.debit)}` : `${T.credit}: ${money(entry.credit)}`}
                  <span className="block text-xs text-muted">
                    {T.runningBalance}: {money(entry.balance)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="flex justify-between border-t border-line pt-2 font-bold text-ink">
          <span>{T.closing}</span>
          <span className="tabular-nums">{money(statement.closing)}</span>
        </p>
      </Card>
    </div>
  );
}

/** /portal/statement?from&to: the client's statement of account, the agency's figures. */
export function PortalStatementPage() {
  const [params] = useSearchParams();
  const from = params.get('from') ?? yearStart(todayIso());
  const to = params.get('to') ?? todayIso();
  const load = useCallback(() => portalStatement(from, to), [from, to]);
  return (
    <PortalDocumentPage title={T.statementTitle} load={load}>
      {(statement) => <StatementView key={`${from}-${to}`} statement={statement} />}
    </PortalDocumentPage>
  );
}
