import { HOUR_UNITS } from '../../../shared/estimates';
import { mulDivRound, type Totals } from '../../../shared/invoice-totals';
import { ESTIMATE_MESSAGES as M, PROJECT_MESSAGES } from '../../../shared/messages';
import { minorToDecimal, parseMoney } from '../../../shared/money';
import { hoursText, parseHours, type BillingType, type ProjectStatus } from '../../../shared/projects';
import {
  estimateConversionSchema,
  estimateInputSchema,
  type EstimateInput,
  type EstimateView,
} from '../../../shared/schemas/estimates';
import type { FinanceSettings } from '../../../shared/schemas/finance';
import { todayIso } from '../../components/finance/finance-parts';
import { lineDraftsOf, newLine, readLines, type LineDraft } from '../../components/finance/invoice-draft';
import type { EstimateConversionBody } from '../../lib/estimates-api';

/** The project an estimate became, opened in Projects (as the header timer and Delivered link it). */
export const projectPath = (id: string) => `/dashboard/our-projects?project=${encodeURIComponent(id)}`;

/** A new estimate is valid for this many days from its date unless another day is chosen. */
export const VALIDITY_DAYS = 30;

/** The estimate editor's fields as typed; the lines as the invoice editor holds them. */
export interface EstimateDraft {
  clientId: string;
  issueDate: string;
  validUntil: string;
  placeOfSupply: string;
  pricesIncludeTax: boolean;
  lines: LineDraft[];
  notes: string;
  terms: string;
}

/** A YYYY-MM-DD day moved by `days` (UTC, as the server counts days); '' for a day that cannot be read. */
export function addDays(day: string, days: number): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return '';
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) ? '' : new Date(ms + days * 86_400_000).toISOString().slice(0, 10);
}

/** A new estimate (today, valid for 30 days, one empty line) or the one to change. */
export function estimateDraftOf(
  estimate: EstimateView | null,
  settings: FinanceSettings | undefined,
  today = todayIso(),
): EstimateDraft {
  if (!estimate)
    return {
      clientId: '',
      issueDate: today,
      validUntil: addDays(today, VALIDITY_DAYS),
      placeOfSupply: '',
      pricesIncludeTax: false,
      lines: [newLine(settings)],
      notes: '',
      terms: '',
    };
  return {
    clientId: estimate.clientId,
    issueDate: estimate.issueDate,
    validUntil: estimate.validUntil,
    // The stored place is the one the server worked out; '' lets the client's state decide again.
    placeOfSupply: estimate.placeOfSupply === '96' ? '' : estimate.placeOfSupply,
    pricesIncludeTax: estimate.lines.some((line) => line.inclusive),
    lines: lineDraftsOf(estimate.lines, estimate.currency),
    notes: estimate.notes,
    terms: estimate.terms,
  };
}

/**
 * A new date for the estimate: its validity date moves along when it was the default (30 days after the
 * old date) or is empty; a validity date chosen by hand stays.
 */
export function withIssueDate(draft: EstimateDraft, issueDate: string): EstimateDraft {
  const followed = !draft.validUntil || draft.validUntil === addDays(draft.issueDate, VALIDITY_DAYS);
  const moved = followed ? addDays(issueDate, VALIDITY_DAYS) : '';
  return { ...draft, issueDate, validUntil: moved || draft.validUntil };
}

/** Reads the draft into the API's input; what cannot be read becomes a field error here, as the server would. */
export function readEstimateDraft(
  draft: EstimateDraft,
  currency: string,
): { input?: EstimateInput; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const lines = readLines(draft.lines, currency, draft.pricesIncludeTax, errors);
  const parsed = estimateInputSchema.safeParse({
    clientId: draft.clientId,
    issueDate: draft.issueDate,
    validUntil: draft.validUntil,
    placeOfSupply: draft.placeOfSupply,
    lines,
    notes: draft.notes,
    terms: draft.terms,
  });
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return Object.keys(errors).length || !parsed.success ? { errors } : { input: parsed.data, errors };
}

/** The estimate's lines in hours (units `hrs`, `hours`…) as minutes, as the server budgets them; null: none. */
export function estimateHourMinutes(
  lines: readonly { unit: string; quantityMilli: number }[],
): number | null {
  const milli = lines
    .filter((line) => HOUR_UNITS.includes(line.unit.trim().toLowerCase()))
    .reduce((sum, line) => sum + line.quantityMilli, 0);
  return milli ? Math.round((milli * 60) / 1000) : null;
}

/**
 * A deposit typed as a percentage ("30", "12.5", "30 %") in basis points (3000); '' is no deposit (0);
 * null when it is not a number from 0 to 100 with at most two decimals.
 */
export function percentToBp(text: string): number | null {
  const value = text.trim().replace(/\s*%$/, '');
  if (value === '') return 0;
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bp <= 10_000 ? bp : null;
}

/**
 * What the deposit invoice will come to before tax: `bp` of each tax group's taxable value, rounded per
 * group as the server makes its lines.
 */
export const depositBeforeTax = (totals: Pick<Totals, 'groups'>, bp: number): number =>
  totals.groups.reduce((sum, group) => sum + mulDivRound(group.base, bp, 10_000), 0);

/** "Make project": the project's fields as typed, the budgets prefilled from the estimate. */
export interface ConversionDraft {
  name: string;
  code: string;
  status: ProjectStatus;
  billingType: BillingType;
  budgetAmount: string;
  budgetHours: string;
  retainerHours: string;
  deposit: string;
}

/** The client's name + "project", active, a fixed price; its budgets the estimate's subtotal and hours. */
export function conversionDraftOf(estimate: EstimateView): ConversionDraft {
  return {
    name: `${estimate.clientName} project`,
    code: '',
    status: 'active',
    billingType: 'fixed',
    budgetAmount: minorToDecimal(estimate.totals.subtotal, estimate.currency),
    budgetHours: hoursText(estimateHourMinutes(estimate.lines)),
    retainerHours: '',
    deposit: '',
  };
}

/** Reads "Make project" into the API's body; field errors keyed by the form's fields. */
export function readConversion(
  draft: ConversionDraft,
  currency: string,
): { input?: EstimateConversionBody; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const hours = (field: string, text: string) => {
    if (!text.trim()) return null;
    const minutes = parseHours(text);
    if (minutes === null) errors[field] = PROJECT_MESSAGES.hoursInvalid;
    return minutes;
  };
  let budgetAmount: number | null = null;
  if (draft.budgetAmount.trim()) {
    budgetAmount = parseMoney(draft.budgetAmount, currency);
    if (budgetAmount === null || budgetAmount < 0) errors.budgetAmount = PROJECT_MESSAGES.amountInvalid;
  }
  const depositBp = percentToBp(draft.deposit);
  if (depositBp === null) errors.depositBp = M.depositInvalid;
  const body = {
    project: {
      name: draft.name,
      code: draft.code,
      status: draft.status,
      billingType: draft.billingType,
      budgetAmount,
      budgetMinutes: hours('budgetMinutes', draft.budgetHours),
      retainerMinutes:
        draft.billingType === 'retainer' ? hours('retainerMinutes', draft.retainerHours) : null,
    },
    depositBp: depositBp ?? 0,
  };
  const parsed = estimateConversionSchema.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const path = issue.path[0] === 'project' ? issue.path.slice(1) : issue.path;
      errors[path.join('.')] ??= issue.message;
    }
  return Object.keys(errors).length || !parsed.success ? { errors } : { input: body, errors };
}
