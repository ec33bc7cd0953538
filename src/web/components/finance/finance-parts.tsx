import type { ReactNode } from 'react';
import { SearchX } from 'lucide-react';
import { ESTIMATE_STATE_LABELS, type EstimateState } from '../../../shared/estimates';
import { INVOICE_STATE_LABELS, type InvoiceState } from '../../../shared/finance';
import type { BadgeColor } from '../../lib/badge-color';
import { Badge } from '../ui/badge';

export { showDate } from '../projects/project-parts';

/** Overdue red, Paid green, Partly paid amber, Draft grey, Credited purple, Sent blue. */
const STATE_COLORS: Record<InvoiceState, BadgeColor> = {
  draft: 'grey',
  sent: 'blue',
  partly_paid: 'amber',
  overdue: 'red',
  paid: 'green',
  credited: 'purple',
};

export function InvoiceStateBadge({ state }: { state: InvoiceState }) {
  return <Badge color={STATE_COLORS[state]}>{INVOICE_STATE_LABELS[state]}</Badge>;
}

/** Draft grey, Sent blue, Expired amber, Accepted green, Declined red. */
const ESTIMATE_COLORS: Record<EstimateState, BadgeColor> = {
  draft: 'grey',
  sent: 'blue',
  expired: 'amber',
  accepted: 'green',
  declined: 'red',
};

export function EstimateStateBadge({ state }: { state: EstimateState }) {
  return <Badge color={ESTIMATE_COLORS[state]}>{ESTIMATE_STATE_LABELS[state]}</Badge>;
}

const KIND_LABELS = { receipt: 'Payment', refund: 'Refund' } as const;
const KIND_COLORS: Record<keyof typeof KIND_LABELS, BadgeColor> = {
  receipt: 'green',
  refund: 'amber',
};

export function PaymentKindBadge({ kind }: { kind: keyof typeof KIND_LABELS }) {
  return <Badge color={KIND_COLORS[kind]}>{KIND_LABELS[kind]}</Badge>;
}

/** Today as the server counts days (UTC). */
export const todayIso = () => new Date().toISOString().slice(0, 10);

/** The dashed box of an empty list. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-line bg-white px-6 py-14 text-center">
      <SearchX className="mx-auto size-8 text-slate-400" aria-hidden />
      <div className="mt-3 text-sm font-medium text-ink" role="status">
        {children}
      </div>
    </div>
  );
}

/** A focusable link-like button in a table cell. */
export const rowLinkClasses =
  'rounded text-left font-medium text-ink hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

export { loadError } from './finance-errors';
