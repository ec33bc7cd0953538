/** Expenses (docs/product/finance.md#expenses). */
export const EXPENSE_CATEGORIES = [
  'advertising',
  'software',
  'travel',
  'meals',
  'equipment',
  'contractors',
  'office',
  'printing',
  'other',
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

export const EXPENSE_CATEGORY_LABELS: Record<ExpenseCategory, string> = {
  advertising: 'Ad spend',
  software: 'Software and subscriptions',
  travel: 'Travel',
  meals: 'Meals and entertainment',
  equipment: 'Equipment',
  contractors: 'Contractors',
  office: 'Office and rent',
  printing: 'Printing',
  other: 'Other',
};

export const EXPENSE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];
export const EXPENSE_STATUS_LABELS: Record<ExpenseStatus, string> = {
  pending: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const EXPENSE_LIMITS = {
  vendorMax: 200,
  descriptionMax: 1_000,
  noteMax: 500,
  /** A receipt: an image or a PDF of at most 10 MB. */
  receiptMaxBytes: 10 * 1024 * 1024,
  receiptNameMax: 200,
  pageSizeMax: 100,
} as const;

/** What a receipt may be, read from its bytes. */
export const RECEIPT_TYPES: Readonly<Record<string, string>> = {
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/webp': 'WebP image',
  'image/heic': 'HEIC photo',
  'application/pdf': 'PDF',
};

/** Who approves expenses: the workspace's Admin or Business Admin (SOLOHQ approves its own). */
export const mayApproveExpenses = (role: string | null | undefined): boolean =>
  role === 'Admin' || role === 'Business Admin' || role === 'SOLOHQ';
