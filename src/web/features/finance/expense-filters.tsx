import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  EXPENSE_STATUSES,
  EXPENSE_STATUS_LABELS,
  type ExpenseCategory,
  type ExpenseStatus,
} from '../../../shared/expenses';
import { Button } from '../../components/ui/button';
import { Checkbox, TextField } from '../../components/ui/field';
import { OptionSelectField } from '../../components/ui/option-select-field';
import type { ExpensesAddress } from './expense-address';
import { useProjectOptions } from './expense-projects';

/** Status, category, project, dates and one's own claims, all kept in the address. */
export function ExpenseFilters({
  address,
  projectsAllowed,
}: {
  address: ExpensesAddress;
  /** The user has the Projects module, so the projects can be listed. */
  projectsAllowed: boolean;
}) {
  const { filters, setFilters } = address;
  const projects = useProjectOptions(projectsAllowed);
  return (
    <div
      role="search"
      aria-label="Filter expenses"
      className="grid grid-cols-2 items-end gap-3 lg:grid-cols-3 xl:grid-cols-[repeat(3,minmax(0,1fr))_10rem_10rem_auto]"
    >
      <OptionSelectField
        label="Status"
        value={filters.status}
        onChange={(e) => setFilters({ status: e.target.value as ExpenseStatus | '' })}
        options={[
          { value: '', label: 'Every status' },
          ...EXPENSE_STATUSES.map((s) => ({ value: s, label: EXPENSE_STATUS_LABELS[s] })),
        ]}
      />
      <OptionSelectField
        label="Category"
        value={filters.category}
        onChange={(e) => setFilters({ category: e.target.value as ExpenseCategory | '' })}
        options={[
          { value: '', label: 'Every category' },
          ...EXPENSE_CATEGORIES.map((c) => ({ value: c, label: EXPENSE_CATEGORY_LABELS[c] })),
        ]}
      />
      <OptionSelectField
        label="Project"
        className="col-span-2 lg:col-span-1"
        value={filters.project}
        onChange={(e) => setFilters({ project: e.target.value })}
        options={[
          { value: '', label: projects.isLoading ? 'Loading projects...' : 'Every project' },
          ...projects.options,
        ]}
      />
      <TextField
        label="From"
        type="date"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(e) => setFilters({ from: e.target.value })}
      />
      <TextField
        label="To"
        type="date"
        value={filters.to}
        min={filters.from || undefined}
        onChange={(e) => setFilters({ to: e.target.value })}
      />
      <div className="col-span-2 flex h-11 items-center justify-between gap-3 lg:col-span-1 lg:justify-start">
        <Checkbox
          label="Only mine"
          checked={filters.mine}
          onChange={(e) => setFilters({ mine: e.target.checked })}
        />
        {address.filtered && (
          <Button variant="ghost" size="sm" onClick={address.clearFilters}>
            Clear filters
          </Button>
        )}
      </div>
    </div>
  );
}
