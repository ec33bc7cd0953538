import { useState } from 'react';
import { Link } from 'react-router';
import { FileText, Paperclip } from 'lucide-react';
import { toast } from 'sonner';
import {
  EXPENSE_CATEGORY_LABELS,
  EXPENSE_STATUS_LABELS,
  mayApproveExpenses,
  type ExpenseStatus,
  type ExpenseView,
} from '../../../shared/schemas/expenses';
import type { PublicUser } from '../../../shared/schemas/public-user';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../components/ui/cn';
import { downloadError } from '../../components/finance/finance-errors';
import type { BadgeColor } from '../../lib/badge-color';
import { downloadReceipt } from '../../lib/expenses-api';

/** Waiting amber, Approved green, Rejected red. */
const STATUS_COLORS: Record<ExpenseStatus, BadgeColor> = {
  pending: 'amber',
  approved: 'green',
  rejected: 'red',
};

export function ExpenseStatusBadge({ status }: { status: ExpenseStatus }) {
  return <Badge color={STATUS_COLORS[status]}>{EXPENSE_STATUS_LABELS[status]}</Badge>;
}

export const categoryLabel = (category: ExpenseView['category']) =>
  EXPENSE_CATEGORY_LABELS[category] ?? category;

/** The project as the lists show it: its code and name. */
export const projectLabel = (project: ExpenseView['project']) =>
  project ? `${project.code} ${project.name}`.trim() : '';

/** Who may change or delete a waiting expense: who submitted it, or a workspace admin (the server decides). */
export const mayChangeExpense = (user: PublicUser, expense: ExpenseView) =>
  expense.status === 'pending' && (mayApproveExpenses(user.role) || expense.submittedBy._id === user._id);

const linkClasses =
  'inline-flex min-w-0 items-center gap-1.5 rounded font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** The receipt, downloaded under its own name (a plain link would carry no bearer token). */
export function ReceiptLink({
  expense,
  iconOnly = false,
  className,
}: {
  expense: ExpenseView;
  /** Only the paperclip (a table's cell); the name is its label and tooltip. */
  iconOnly?: boolean;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  if (!expense.receipt) return null;
  const name = expense.receipt.name;
  return (
    <button
      type="button"
      className={cn(linkClasses, iconOnly && 'rounded-md p-2 hover:bg-slate-100', className)}
      disabled={busy}
      aria-label={`Download the receipt ${name}`}
      title={name}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadReceipt(expense);
        } catch (error) {
          toast.error(await downloadError(error, 'The receipt'));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Paperclip className="size-4 shrink-0" aria-hidden />
      {!iconOnly && <span className="truncate">{name}</span>}
    </button>
  );
}

/** "Billed": the expense is on an invoice, which the link opens in Invoice Generation. */
export function BilledLink({ invoiceId }: { invoiceId: string }) {
  return (
    <Link
      to={`/dashboard/invoice-generation?invoice=${encodeURIComponent(invoiceId)}`}
      className={cn(linkClasses, 'whitespace-nowrap')}
    >
      <FileText className="size-4 shrink-0" aria-hidden />
      Billed
    </Link>
  );
}

/** A receipt's size as people read it. */
export const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
