import {
  LEAD_PRIORITIES,
  LEAD_STATUSES,
  type Lead,
  type LeadPriority,
  type LeadStatus,
} from '../../../shared/schemas/leads';
import { TextField } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { TextAreaField } from '../../components/ui/textarea-field';
import { SOURCE_OPTIONS } from './lead-filters';
import { formatLeadDate } from './lead-format';

export interface LeadDraft {
  name: string;
  email: string;
  phone: string;
  company: string;
  source: string;
  notes: string;
  status: LeadStatus;
  priority: LeadPriority;
  /** What the lead is worth once converted, in rupees; '' for none (docs/product/analytics.md#conversion-tracking). */
  value: string;
}
export type DraftErrors = Partial<Record<keyof LeadDraft, string>>;

export const draftOf = (lead: Lead): LeadDraft => ({
  name: lead.name,
  email: lead.email,
  phone: lead.phone,
  company: lead.company,
  source: lead.source,
  notes: lead.notes,
  status: lead.status,
  priority: lead.priority,
  value: lead.value === null ? '' : String(lead.value),
});

/** The draft's value as the API takes it: a number, null when empty, NaN (refused) when not a number. */
export const draftValue = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

/** The side panel's edit mode: every field, any of the five statuses and the three priorities. */
export function LeadEditForm({
  lead,
  draft,
  errors,
  onChange,
  formId,
  onSubmit,
}: {
  lead: Lead;
  draft: LeadDraft;
  errors: DraftErrors;
  onChange(changes: Partial<LeadDraft>): void;
  formId: string;
  onSubmit(): void;
}) {
  const sources = SOURCE_OPTIONS.includes(draft.source as never)
    ? SOURCE_OPTIONS
    : [draft.source, ...SOURCE_OPTIONS];
  const text = (field: keyof LeadDraft) => ({
    value: draft[field],
    error: errors[field],
    onChange: (e: { target: { value: string } }) => onChange({ [field]: e.target.value }),
  });
  return (
    <form
      id={formId}
      noValidate
      aria-label="Edit lead"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <TextField label="Name" required {...text('name')} />
      <TextField label="Email" type="email" required {...text('email')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Phone" type="tel" {...text('phone')} />
        <TextField label="Company" {...text('company')} />
        <SelectField label="Status" options={LEAD_STATUSES} {...text('status')} />
        <SelectField label="Priority" options={LEAD_PRIORITIES} {...text('priority')} />
        <SelectField label="Source" options={sources} {...text('source')} />
        <TextField
          label="Value (₹)"
          inputMode="decimal"
          help="Counted as revenue once the lead is Converted."
          {...text('value')}
        />
        <div>
          <p className="mb-1.5 text-sm font-medium text-ink">Created</p>
          <p className="flex h-11 items-center rounded-lg bg-canvas px-3 text-sm text-muted">
            {formatLeadDate(lead.date)}
          </p>
        </div>
      </div>
      <TextAreaField label="Notes" rows={4} {...text('notes')} />
    </form>
  );
}
