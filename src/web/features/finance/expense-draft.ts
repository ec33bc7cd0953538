import { isCurrency } from '../../../shared/clients';
import { EXPENSE_MESSAGES as M } from '../../../shared/messages';
import { minorToDecimal, parseMoney } from '../../../shared/money';
import { expenseInputSchema, type ExpenseInput, type ExpenseView } from '../../../shared/schemas/expenses';
import { todayIso } from '../../components/finance/finance-parts';

/** The expense form's fields as typed: money as the person writes it ("11,800.50"), not yet minor units. */
export interface Draft {
  vendor: string;
  date: string;
  amount: string;
  taxAmount: string;
  currency: string;
  category: ExpenseInput['category'] | '';
  description: string;
  projectId: string;
  billable: boolean;
}

/** A new expense (today, the workspace's currency) or one to change, its amounts shown as decimals. */
export const draftOf = (expense: ExpenseView | null, currency: string): Draft =>
  expense
    ? {
        vendor: expense.vendor,
        date: expense.date,
        amount: minorToDecimal(expense.amount, expense.currency),
        taxAmount: expense.taxAmount ? minorToDecimal(expense.taxAmount, expense.currency) : '',
        currency: expense.currency,
        category: expense.category,
        description: expense.description,
        projectId: expense.project?._id ?? '',
        billable: expense.billable,
      }
    : {
        vendor: '',
        date: todayIso(),
        amount: '',
        taxAmount: '',
        currency,
        category: '',
        description: '',
        projectId: '',
        billable: false,
      };

/** Reads the draft into the API's input; what cannot be read becomes a field error here, as the server would. */
export function inputOf(draft: Draft): { input?: ExpenseInput; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const currency = draft.currency.trim().toUpperCase();
  // Amounts are read in the currency: without one, only the currency is said to be wrong.
  const known = isCurrency(currency);
  const money = (text: string) => (known ? parseMoney(text, currency) : null);
  const amount = money(draft.amount);
  if (known && (amount === null || amount <= 0)) errors.amount = M.amountInvalid;
  const tax = draft.taxAmount.trim() ? money(draft.taxAmount) : 0;
  if (known && (tax === null || tax < 0)) errors.taxAmount = M.taxInvalid;
  const parsed = expenseInputSchema.safeParse({
    ...draft,
    currency,
    amount: known ? (amount ?? 0) : 1,
    taxAmount: known ? (tax ?? 0) : 0,
    category: draft.category || undefined,
  });
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return Object.keys(errors).length || !parsed.success ? { errors } : { input: parsed.data, errors };
}
