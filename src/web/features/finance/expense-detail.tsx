import { useState, type ReactNode } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { formatMoney } from '../../../shared/money';
import { mayApproveExpenses, type ExpenseView } from '../../../shared/schemas/expenses';
import type { PublicUser } from '../../../shared/schemas/public-user';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { SidePanel } from '../../components/ui/side-panel';
import { Spinner } from '../../components/ui/spinner';
import { ConfirmDialog } from '../../components/finance/confirm-dialog';
import { loadError, showDate } from '../../components/finance/finance-parts';
import { serverMessage } from '../../lib/api-client';
import { useDeleteExpense, useExpense } from '../../lib/expenses-api';
import { ExpenseDecision } from './expense-decision';
import {
  BilledLink,
  ExpenseStatusBadge,
  ReceiptLink,
  categoryLabel,
  mayChangeExpense,
  projectLabel,
} from './expense-parts';

function Facts({ expense }: { expense: ExpenseView }) {
  const money = (minor: number) => formatMoney(minor, expense.currency);
  const rows: [string, ReactNode][] = [
    ['Vendor', expense.vendor],
    ['Date', showDate(expense.date)],
    ['Amount', money(expense.amount)],
    ['Tax included', money(expense.taxAmount)],
    ['Category', categoryLabel(expense.category)],
    ['Project', expense.project ? projectLabel(expense.project) : '–'],
    ['Billable', expense.billable ? 'Yes, to the project’s client' : 'No'],
    ['Submitted by', `${expense.submittedBy.username} on ${showDate(expense.createdAt.slice(0, 10))}`],
    ['Receipt', expense.receipt ? <ReceiptLink expense={expense} className="max-w-full" /> : 'None attached'],
  ];
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="min-w-0 break-words text-right tabular-nums text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One expense (docs/product/finance.md#expenses): its figures, project, receipt and where it stands; while
 * it waits, changed or deleted by who submitted it or an admin, and approved or rejected by an admin. A
 * billed one links to its invoice.
 */
export function ExpenseDetail({
  expenseId,
  user,
  onEdit,
  onClose,
}: {
  expenseId: string;
  user: PublicUser;
  onEdit(expense: ExpenseView): void;
  onClose(): void;
}) {
  const expense = useExpense(expenseId);
  const remove = useDeleteExpense();
  const [deleting, setDeleting] = useState(false);
  const e = expense.data;
  const mayChange = Boolean(e && mayChangeExpense(user, e));

  return (
    <SidePanel title="Expense" onClose={onClose}>
      {expense.isPending ? (
        <Spinner label="Loading the expense..." />
      ) : expense.isError || !e ? (
        <Banner message={loadError(expense.error, 'The expense')} />
      ) : (
        <div className="space-y-6">
          <div className="space-y-2">
            <div className="flex flex-wrap items-center gap-2" data-testid="expense-status">
              <ExpenseStatusBadge status={e.status} />
              {e.invoiceId && <BilledLink invoiceId={e.invoiceId} />}
            </div>
            <p className="text-2xl font-bold tracking-tight text-ink">{formatMoney(e.amount, e.currency)}</p>
            {e.description && (
              <p className="whitespace-pre-line break-words text-sm text-muted">{e.description}</p>
            )}
          </div>
          <Facts expense={e} />
          {e.status !== 'pending' && (
            <div
              className="rounded-xl border border-line px-4 py-3 text-sm"
              data-testid="expense-decision-note"
            >
              <p className="text-ink">
                {e.status === 'approved' ? 'Approved' : 'Rejected'}
                {e.decidedAt ? ` on ${showDate(e.decidedAt.slice(0, 10))}` : ''}
              </p>
              {e.decisionNote && (
                <p className="mt-1 whitespace-pre-line break-words text-muted">{e.decisionNote}</p>
              )}
            </div>
          )}
          {e.status === 'pending' && mayApproveExpenses(user.role) && <ExpenseDecision expense={e} />}
          {mayChange && (
            <div className="flex flex-wrap gap-2 border-t border-line pt-4">
              <Button variant="secondary" onClick={() => onEdit(e)}>
                <Pencil className="size-4" aria-hidden /> Edit
              </Button>
              <Button variant="ghost" className="text-red-700" onClick={() => setDeleting(true)}>
                <Trash2 className="size-4" aria-hidden /> Delete
              </Button>
            </div>
          )}
          {deleting && (
            <ConfirmDialog
              title="Delete this expense?"
              description={`${e.vendor}, ${formatMoney(e.amount, e.currency)} on ${showDate(e.date)}, and its receipt.`}
              confirm="Delete expense"
              tone="danger"
              busy={remove.isPending}
              error={remove.isError ? (serverMessage(remove.error) ?? 'It could not be deleted.') : undefined}
              onClose={() => setDeleting(false)}
              onConfirm={() =>
                remove.mutate(expenseId, {
                  onSuccess: (answer) => {
                    toast.success(answer.message);
                    onClose();
                  },
                })
              }
            />
          )}
        </div>
      )}
    </SidePanel>
  );
}
