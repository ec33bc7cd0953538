import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Download } from 'lucide-react';
import { PORTAL_FINANCE_TEXTS as T } from '../../../shared/messages';
import { formatMoney } from '../../../shared/money';
import type { PortalEstimate } from '../../../shared/schemas/portal-finance';
import { Card } from '../../components/ui/card';

export const linkClass = 'font-semibold text-brand-700 underline-offset-2 hover:underline';

/** "1.5" from thousandths, without trailing zeros. */
const quantity = (milli: number) => String(milli / 1000);

export function BackHome() {
  return (
    <Link to="/portal" className={`inline-flex items-center gap-1 text-sm ${linkClass}`}>
      <ArrowLeft className="size-4" aria-hidden /> {T.backHome}
    </Link>
  );
}

export function PdfLink({ href }: { href: string }) {
  return (
    <a
      href={href}
      download
      className="inline-flex items-center gap-2 rounded-lg border border-line bg-white px-3 py-2 text-sm font-semibold text-ink shadow-sm hover:bg-canvas"
    >
      <Download className="size-4" aria-hidden /> {T.downloadPdf}
    </a>
  );
}

/** A label and its value, side by side. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase text-muted">{label}</dt>
      <dd className="mt-0.5 text-sm text-ink">{children}</dd>
    </div>
  );
}

/**
 * The lines and totals of an estimate or invoice, as the server's view has them (the one totals function):
 * a table on wide screens, a list on narrow ones.
 */
export function DocumentLines({
  document,
  children,
}: {
  document: Pick<PortalEstimate, 'lines' | 'totals' | 'currency' | 'amountInWords'>;
  children?: ReactNode;
}) {
  const money = (minor: number) => formatMoney(minor, document.currency);
  return (
    <Card className="space-y-4">
      <ul className="divide-y divide-line" aria-label="Lines">
        {document.lines.map((line) => (
          <li key={line._id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
            <div className="min-w-0 flex-1">
              <p className="font-medium text-ink">{line.description}</p>
              <p className="text-xs text-muted">
                {T.quantity} {quantity(line.quantityMilli)} {line.unit} × {money(line.unitPrice)}
                {line.discount ? ` − ${money(line.discount)}` : ''}
                {line.rateBp ? ` · ${line.rateBp / 100} %` : ''}
              </p>
            </div>
            <p className="font-medium tabular-nums text-ink">{money(line.net)}</p>
          </li>
        ))}
      </ul>
      <dl className="space-y-1 border-t border-line pt-3 text-sm">
        <div className="flex justify-between">
          <dt className="text-muted">{T.subtotal}</dt>
          <dd className="tabular-nums">{money(document.totals.subtotal)}</dd>
        </div>
        {document.totals.groups.flatMap((group) =>
          group.components.map((component) => (
            <div
              key={`${group.category}-${group.rateBp}-${group.inclusive}-${component.name}`}
              className="flex justify-between"
            >
              <dt className="text-muted">
                {component.name} {component.rateBp / 100} %
              </dt>
              <dd className="tabular-nums">{money(component.amount)}</dd>
            </div>
          )),
        )}
        <div className="flex justify-between border-t border-line pt-2 text-base font-bold text-ink">
          <dt>{T.total}</dt>
          <dd className="tabular-nums">{money(document.totals.total)}</dd>
        </div>
        <p className="text-xs text-muted">{document.amountInWords}</p>
        {children}
      </dl>
    </Card>
  );
}

/** Notes and terms, as written. */
export function NotesAndTerms({ notes, terms }: { notes: string; terms: string }) {
  if (!notes && !terms) return null;
  return (
    <Card className="space-y-3">
      {notes && (
        <div>
          <h2 className="text-sm font-semibold text-ink">{T.notes}</h2>
          <p className="mt-1 whitespace-pre-line text-sm text-ink">{notes}</p>
        </div>
      )}
      {terms && (
        <div>
          <h2 className="text-sm font-semibold text-ink">{T.terms}</h2>
          <p className="mt-1 whitespace-pre-line text-sm text-ink">{terms}</p>
        </div>
      )}
    </Card>
  );
}
