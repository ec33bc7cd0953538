import { EXPENSE_MESSAGES as M } from '../../../shared/messages';
import { formatMoney } from '../../../shared/money';
import { Banner } from '../../components/ui/banner';
import { Pagination } from '../../components/ui/pagination';
import { Spinner } from '../../components/ui/spinner';
import { DataTable, tableHeadClasses } from '../../components/ui/table';
import { EmptyState, loadError, rowLinkClasses, showDate } from '../../components/finance/finance-parts';
import type { useExpenses } from '../../lib/expenses-api';
import type { ExpensesAddress } from './expense-address';
import { BilledLink, ExpenseStatusBadge, ReceiptLink, categoryLabel, projectLabel } from './expense-parts';

/** Expenses newest first: who was paid, for what, on which project, how much, and where it stands. */
export function ExpenseList({
  address,
  expenses,
}: {
  address: ExpensesAddress;
  expenses: ReturnType<typeof useExpenses>;
}) {
  const { setFilters, openExpense } = address;
  if (expenses.isPending) return <Spinner label="Loading expenses..." />;
  if (expenses.isError) return <Banner message={loadError(expenses.error, 'The expenses')} />;
  const { expenses: rows, pageInfo } = expenses.data;
  if (rows.length === 0) return <EmptyState>{address.filtered ? M.noMatch : M.empty}</EmptyState>;
  return (
    <div className="space-y-4">
      <DataTable caption="Expenses" tableClassName="min-w-[58rem]">
        <thead className={tableHeadClasses}>
          <tr>
            <th className="px-4 py-3">Date</th>
            <th className="px-4 py-3">Vendor</th>
            <th className="px-4 py-3">Category</th>
            <th className="px-4 py-3">Project</th>
            <th className="px-4 py-3 text-right">Amount</th>
            <th className="px-4 py-3">Status</th>
            <th className="px-4 py-3 text-center">Receipt</th>
          </tr>
        </thead>
        <tbody className={expenses.isPlaceholderData ? 'opacity-60' : undefined}>
          {rows.map((expense) => (
            <tr key={expense._id} className="border-b border-line align-top last:border-0">
              <td className="px-4 py-3">
                <span className="whitespace-nowrap text-ink">{showDate(expense.date)}</span>
                <p className="mt-0.5 max-w-[9rem] break-words text-xs text-muted">
                  by {expense.submittedBy.username}
                </p>
              </td>
              <td className="min-w-[11rem] max-w-[18rem] px-4 py-3">
                <button
                  type="button"
                  className={rowLinkClasses}
                  aria-label={`Open the expense of ${formatMoney(expense.amount, expense.currency)} to ${expense.vendor} on ${showDate(expense.date)}`}
                  onClick={() => openExpense(expense._id)}
                >
                  {expense.vendor}
                </button>
                {expense.description && (
                  <p className="mt-0.5 line-clamp-2 break-words text-xs text-muted">{expense.description}</p>
                )}
              </td>
              <td className="px-4 py-3 text-muted">{categoryLabel(expense.category)}</td>
              <td className="min-w-[9rem] max-w-[14rem] px-4 py-3 text-muted">
                {expense.project ? <span className="break-words">{projectLabel(expense.project)}</span> : '–'}
                {expense.billable && <p className="mt-0.5 text-xs text-muted">Billable</p>}
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-right font-medium tabular-nums text-ink">
                {formatMoney(expense.amount, expense.currency)}
              </td>
              <td className="px-4 py-3">
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1 whitespace-nowrap">
                  <ExpenseStatusBadge status={expense.status} />
                  {expense.invoiceId && <BilledLink invoiceId={expense.invoiceId} />}
                </span>
              </td>
              <td className="px-4 py-2 text-center">
                {expense.receipt ? (
                  <ReceiptLink expense={expense} iconOnly />
                ) : (
                  <span className="inline-block py-1 text-muted">
                    –<span className="sr-only">no receipt</span>
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <Pagination
        label="Expense pages"
        page={pageInfo.page}
        totalPages={pageInfo.totalPages}
        extra={` (${pageInfo.total} expenses)`}
        onPage={(page) => setFilters({ page })}
      />
    </div>
  );
}
