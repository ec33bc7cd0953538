import { useState } from 'react';
import { Check, X } from 'lucide-react';
import { toast } from 'sonner';
import { EXPENSE_LIMITS, type ExpenseView } from '../../../shared/schemas/expenses';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { TextAreaField } from '../../components/ui/textarea-field';
import { serverMessage } from '../../lib/api-client';
import { useDecideExpense } from '../../lib/expenses-api';

/**
 * A workspace admin's decision on a waiting expense, with a note for who submitted it; an approved one
 * counts against its project's budget. Shown to admins only: the server refuses anyone else.
 */
export function ExpenseDecision({ expense }: { expense: ExpenseView }) {
  const decide = useDecideExpense(expense._id);
  const [note, setNote] = useState('');
  const [action, setAction] = useState<'approve' | 'reject' | null>(null);
  const send = (next: 'approve' | 'reject') => {
    setAction(next);
    // Not mutate's own callbacks: once decided, this form is gone before they would run.
    decide.mutateAsync({ action: next, note }).then(
      (answer) => toast.success(answer.message),
      () => undefined, // shown above from decide.error
    );
  };
  return (
    <section
      aria-labelledby="expense-decision"
      className="space-y-4 rounded-xl border border-line bg-slate-50/60 p-4"
    >
      <h3 id="expense-decision" className="text-base font-semibold text-ink">
        Approve or reject
      </h3>
      {decide.isError && (
        <Banner message={serverMessage(decide.error) ?? 'The decision could not be saved.'} />
      )}
      <TextAreaField
        label="Note"
        help="Optional; who submitted it sees it. Say why when you reject."
        maxLength={EXPENSE_LIMITS.noteMax}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        className="[&_textarea]:min-h-20"
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" disabled={decide.isPending} onClick={() => send('reject')}>
          <X className="size-4" aria-hidden />
          {decide.isPending && action === 'reject' ? 'Rejecting...' : 'Reject'}
        </Button>
        <Button disabled={decide.isPending} onClick={() => send('approve')}>
          <Check className="size-4" aria-hidden />
          {decide.isPending && action === 'approve' ? 'Approving...' : 'Approve'}
        </Button>
      </div>
    </section>
  );
}
