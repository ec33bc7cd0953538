import { useSearchParams } from 'react-router';
import {
  EXPENSE_CATEGORIES,
  EXPENSE_STATUSES,
  type ExpenseCategory,
  type ExpenseStatus,
} from '../../../shared/expenses';
import type { ExpenseListParams } from '../../lib/expenses-api';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) => (value && DAY.test(value) ? value : '');
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  value && (values as readonly string[]).includes(value) ? (value as T) : '';

/**
 * Expense Management's state in the address (docs/product/finance.md#expenses): the list's filters and
 * page and an open expense (?expense=<id>), so a reload or a shared link shows the same view; ?new=1 opens
 * the form.
 */
export function useExpensesAddress() {
  const [params, setParams] = useSearchParams();
  const filters: ExpenseListParams = {
    status: oneOf<ExpenseStatus>(EXPENSE_STATUSES, params.get('status')),
    project: params.get('project') ?? '',
    category: oneOf<ExpenseCategory>(EXPENSE_CATEGORIES, params.get('category')),
    mine: params.get('mine') === '1',
    from: day(params.get('from')),
    to: day(params.get('to')),
    page: Math.max(1, Number(params.get('page')) || 1),
    limit: 25,
  };
  const write = (next: ExpenseListParams & { expense?: string }) => {
    const query = new URLSearchParams();
    if (next.status) query.set('status', next.status);
    if (next.project) query.set('project', next.project);
    if (next.category) query.set('category', next.category);
    if (next.mine) query.set('mine', '1');
    if (next.from) query.set('from', next.from);
    if (next.to) query.set('to', next.to);
    if (next.page > 1) query.set('page', String(next.page));
    if (next.expense) query.set('expense', next.expense);
    setParams(query, { replace: true });
  };
  return {
    filters,
    filtered: Boolean(
      filters.status || filters.project || filters.category || filters.mine || filters.from || filters.to,
    ),
    expenseId: params.get('expense'),
    wantsNew: params.get('new') === '1',
    setFilters: (next: Partial<ExpenseListParams>) => write({ ...filters, page: 1, ...next }),
    clearFilters: () =>
      write({ ...filters, status: '', project: '', category: '', mine: false, from: '', to: '', page: 1 }),
    openExpense: (id: string) => write({ ...filters, expense: id }),
    /** Closes the open expense, and drops ?new=1. */
    closeExpense: () => write(filters),
  };
}
export type ExpensesAddress = ReturnType<typeof useExpensesAddress>;
