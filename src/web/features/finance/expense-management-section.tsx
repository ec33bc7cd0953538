import { useState } from 'react';
import { Plus } from 'lucide-react';
import { canUseModule, isSectionVisible } from '../../../shared/access';
import type { ExpenseView } from '../../../shared/schemas/expenses';
import { Button } from '../../components/ui/button';
import { useExpenses } from '../../lib/expenses-api';
import type { SectionProps } from '../../lib/section-props';
import { useExpensesAddress, type ExpensesAddress } from './expense-address';
import { ExpenseDetail } from './expense-detail';
import { ExpenseFilters } from './expense-filters';
import { ExpenseForm } from './expense-form';
import { ExpenseList } from './expense-list';
import { ExpenseTotals } from './expense-totals';

/** The totals the list answers with, the filters and the list itself, from one query. */
function ExpenseOverview({
  address,
  projectsAllowed,
}: {
  address: ExpensesAddress;
  projectsAllowed: boolean;
}) {
  const expenses = useExpenses(address.filters);
  return (
    <>
      {expenses.data && <ExpenseTotals totals={expenses.data.totals} />}
      <ExpenseFilters address={address} projectsAllowed={projectsAllowed} />
      <ExpenseList address={address} expenses={expenses} />
    </>
  );
}

/**
 * Expense Management (docs/product/finance.md#expenses): what the agency spent, with receipts, the month's
 * approved total and what waits; submitted by the team, approved or rejected by a workspace admin, counted
 * against project budgets. The filters and an open expense are kept in the address.
 */
export function ExpenseManagementSection({ user }: SectionProps) {
  const address = useExpensesAddress();
  /** The form: a new expense, or one being changed from its panel. */
  const [form, setForm] = useState<ExpenseView | 'new' | null>(address.wantsNew ? 'new' : null);
  if (!isSectionVisible(user, 'expense-management')) return null;
  const projectsAllowed = canUseModule(user, 'projects');
  const closeForm = () => {
    if (form === 'new' && address.wantsNew) address.closeExpense();
    setForm(null);
  };

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Expense Management</h1>
          <p className="mt-1 max-w-3xl text-sm text-muted">
            What the agency spends, with its receipts: submitted by the team, approved by a workspace admin,
            counted against project budgets.
          </p>
        </div>
        <Button onClick={() => setForm('new')}>
          <Plus className="size-4" aria-hidden /> New expense
        </Button>
      </header>
      <ExpenseOverview address={address} projectsAllowed={projectsAllowed} />
      {address.expenseId && form === null && (
        <ExpenseDetail
          key={address.expenseId}
          expenseId={address.expenseId}
          user={user}
          onEdit={setForm}
          onClose={address.closeExpense}
        />
      )}
      {form !== null && (
        <ExpenseForm
          expense={form === 'new' ? null : form}
          projectsAllowed={projectsAllowed}
          onClose={closeForm}
        />
      )}
    </div>
  );
}
