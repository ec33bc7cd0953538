import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ExpenseCategory,
  ExpenseInput,
  ExpenseStatus,
  ExpenseView,
  expenseListSchema,
} from '../../shared/schemas/expenses';
import { api, MULTIPART_HEADERS } from './api-client';
import { saveBlob } from './download';
import { FINANCE } from './finance-api';
import { PROJECTS } from './projects-api';

/** GET /api/expenses' filters, as the address keeps them (docs/product/finance.md#expenses). */
export interface ExpenseListParams {
  status: ExpenseStatus | '';
  project: string;
  category: ExpenseCategory | '';
  mine: boolean;
  from: string;
  to: string;
  page: number;
  limit: number;
}

export type ExpenseList = z.infer<typeof expenseListSchema>;
type ExpenseAnswer = { message: string; expense: ExpenseView };

const listParams = (f: ExpenseListParams) => ({
  page: f.page,
  limit: f.limit,
  ...(f.status ? { status: f.status } : {}),
  ...(f.project ? { project: f.project } : {}),
  ...(f.category ? { category: f.category } : {}),
  ...(f.mine ? { mine: 'true' } : {}),
  ...(f.from ? { from: f.from } : {}),
  ...(f.to ? { to: f.to } : {}),
});

/** Expenses sit under the finance key: a decision refreshes the totals, and the projects' budgets with them. */
const EXPENSES = [...FINANCE, 'expenses'] as const;

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: EXPENSES }),
      queryClient.invalidateQueries({ queryKey: PROJECTS }),
    ]);
}

export function useExpenses(filters: ExpenseListParams) {
  return useQuery({
    queryKey: [...EXPENSES, 'list', listParams(filters)],
    queryFn: async () => (await api.get<ExpenseList>('expenses', { params: listParams(filters) })).data,
    placeholderData: keepPreviousData,
  });
}

export function useExpense(id: string) {
  return useQuery({
    queryKey: [...EXPENSES, 'one', id],
    queryFn: async () => (await api.get<ExpenseView>(`expenses/${id}`)).data,
  });
}

/** POST /api/expenses (submitted, waiting for approval), or PUT /api/expenses/:id while it waits. */
export function useSaveExpense(id: string | null) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: ExpenseInput) =>
      (
        await (id
          ? api.put<ExpenseAnswer>(`expenses/${id}`, input)
          : api.post<ExpenseAnswer>('expenses', input))
      ).data,
    onSuccess: refresh,
  });
}

/** PUT /api/expenses/:id/receipt, multipart `file`: an image or a PDF, checked by the server from its bytes. */
export function useUploadReceipt() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return (await api.put<ExpenseAnswer>(`expenses/${id}/receipt`, form, { headers: MULTIPART_HEADERS }))
        .data;
    },
    onSuccess: refresh,
  });
}

/** POST /api/expenses/:id/decision: a workspace admin approves or rejects a waiting expense. */
export function useDecideExpense(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: { action: 'approve' | 'reject'; note: string }) =>
      (await api.post<ExpenseAnswer>(`expenses/${id}/decision`, input)).data,
    onSuccess: refresh,
  });
}

export function useDeleteExpense() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) => (await api.delete<{ message: string }>(`expenses/${id}`)).data,
    onSuccess: (_answer, id) => {
      // Gone: not asked for again (a 404) while its panel closes.
      queryClient.removeQueries({ queryKey: [...EXPENSES, 'one', id] });
      return refresh();
    },
  });
}

/** GET /api/expenses/:id/receipt, saved under the receipt's own name. */
export async function downloadReceipt(expense: Pick<ExpenseView, '_id' | 'receipt'>): Promise<void> {
  const response = await api.get<Blob>(`expenses/${expense._id}/receipt`, { responseType: 'blob' });
  saveBlob(response, expense.receipt?.name ?? 'receipt');
}
