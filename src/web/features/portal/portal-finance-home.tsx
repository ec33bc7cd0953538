import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { PORTAL_FINANCE_TEXTS as T } from '../../../shared/messages';
import { formatMoney } from '../../../shared/money';
import {
  PORTAL_STATEMENT_PATH,
  portalEstimatePath,
  portalInvoicePath,
  type PortalEstimateList,
  type PortalInvoiceList,
} from '../../../shared/schemas/portal-finance';
import { EstimateStateBadge, InvoiceStateBadge, showDate } from '../../components/finance/finance-parts';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { portalEstimates, portalInvoices } from './portal-finance-api';
import { linkClass } from './portal-document';

const rowClass =
  'flex items-center justify-between gap-3 rounded-lg px-2 py-3 hover:bg-canvas focus-visible:outline-2 focus-visible:outline-brand-600';

/** The portal home's money: estimates waiting for an answer, and invoices with what is left to pay. */
export function PortalFinanceSections() {
  const [data, setData] = useState<{ estimates: PortalEstimateList; invoices: PortalInvoiceList } | null>(
    null,
  );
  const [failed, setFailed] = useState('');
  useEffect(() => {
    let live = true;
    Promise.all([portalEstimates(), portalInvoices()]).then(
      ([estimates, invoices]) => live && setData({ estimates, invoices }),
      (caught: unknown) => live && setFailed(caught instanceof Error ? caught.message : String(caught)),
    );
    return () => {
      live = false;
    };
  }, []);
  if (failed) return <p className="text-sm text-red-700">{failed}</p>;
  if (!data) return <Spinner label="Loading..." />;
  const toReview = data.estimates.estimates.filter((e) => e.state === 'sent');
  const answered = data.estimates.estimates.filter((e) => e.state !== 'sent');
  const open = data.invoices.invoices.filter((i) => i.balance > 0);
  const paid = data.invoices.invoices.filter((i) => i.balance <= 0);
  return (
    <>
      <Card>
        <h2 className="text-lg font-bold text-ink">{T.estimatesTitle}</h2>
        {toReview.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{T.estimatesEmpty}</p>
        ) : (
          <ul className="mt-2 divide-y divide-line">
            {toReview.map((e) => (
              <li key={e._id}>
                <Link to={portalEstimatePath(e._id)} className={rowClass}>
                  <span>
                    <span className="font-semibold text-ink">{e.number}</span>
                    <span className="block text-xs text-muted">
                      {T.validUntil} {showDate(e.validUntil)}
                    </span>
                  </span>
                  <span className="flex items-center gap-2 font-semibold tabular-nums text-ink">
                    {formatMoney(e.total, e.currency)}
                    <ChevronRight className="size-4 text-muted" aria-hidden />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {answered.length > 0 && (
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer font-semibold text-ink">{T.answeredEstimates}</summary>
            <ul className="mt-1 divide-y divide-line">
              {answered.map((e) => (
                <li key={e._id}>
                  <Link to={portalEstimatePath(e._id)} className={rowClass}>
                    <span className="font-medium text-ink">{e.number}</span>
                    <EstimateStateBadge state={e.state} />
                  </Link>
                </li>
              ))}
            </ul>
          </details>
        )}
      </Card>
      <Card>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-bold text-ink">{T.invoicesTitle}</h2>
          <Link to={PORTAL_STATEMENT_PATH} className={`text-sm ${linkClass}`}>
            {T.statementLink}
          </Link>
        </div>
        {open.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{T.invoicesEmpty}</p>
        ) : (
          <ul className="mt-2 divide-y divide-line">
            {open.map((i) => (
              <li key={i._id}>
                <Link to={portalInvoicePath(i._id)} className={rowClass}>
                  <span>
                    <span className="font-semibold text-ink">{i.number}</span>
                    <span
                      className={`block text-xs ${i.pastDue ? 'font-semibold text-red-700' : 'text-muted'}`}
                    >
                      {i.pastDue ? T.pastDue : T.due} {showDate(i.dueDate)}
                    </span>
                  </span>
                  <span className="flex items-center gap-2">
                    <span className="text-right">
                      <span className="block font-semibold tabular-nums text-ink">
                        {formatMoney(i.balance, i.currency)}
                      </span>
                      <span className="block text-xs text-muted">{T.balance}</span>
                    </span>
                    <ChevronRight className="size-4 text-muted" aria-hidden />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {paid.length > 0 && (
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer font-semibold text-ink">{T.paidInvoices}</summary>
            <ul className="mt-1 divide-y divide-line">
              {paid.map((i) => (
                <li key={i._id}>
                  <Link to={portalInvoicePath(i._id)} className={rowClass}>
                    <span className="font-medium text-ink">{i.number}</span>
                    <InvoiceStateBadge state={i.state} />
                  </Link>
                </li>
              ))}
            </ul>
          </details>
        )}
      </Card>
    </>
  );
}
