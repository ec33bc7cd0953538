import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { PROJECT_MESSAGES as M } from '../../../shared/messages';
import { minorToDecimal, parseMoney } from '../../../shared/money';
import type { PortalProjectPart } from '../../../shared/portal-projects';
import {
  BILLING_TYPES,
  BILLING_TYPE_LABELS,
  PROJECT_STATUSES,
  PROJECT_STATUS_LABELS,
  RETAINER_INVOICING,
  RETAINER_INVOICING_LABELS,
  hoursText,
  parseHours,
  projectInputSchema,
  type BillingType,
  type ProjectInput,
  type ProjectStatus,
  type ProjectView,
  type RetainerInvoicing,
} from '../../../shared/schemas/projects';
import { Banner } from '../ui/banner';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { OptionSelectField } from '../ui/option-select-field';
import { SidePanel } from '../ui/side-panel';
import { Switch } from '../ui/switch';
import { TextAreaField } from '../ui/textarea-field';
import { serverMessage } from '../../lib/api-client';
import { serverFieldErrors } from '../../lib/field-errors';
import { useClientOptions } from '../../lib/clients-api';
import { useProjectMembers, useSaveProject } from '../../lib/projects-api';
import { ProjectPortalFieldset } from './project-portal-fieldset';

const FORM_ID = 'project-form';

/** What the form holds: the text people type, read into the API's minutes and minor units on save. */
interface Draft {
  clientId: string;
  name: string;
  code: string;
  description: string;
  status: ProjectStatus;
  billingType: BillingType;
  budgetHours: string;
  budgetAmount: string;
  hourlyRate: string;
  retainerHours: string;
  retainerRollover: boolean;
  retainerFee: string;
  retainerInvoicing: RetainerInvoicing;
  startDate: string;
  dueDate: string;
  managerId: string;
  team: Record<string, string | null>;
  portalVisibility: PortalProjectPart[];
}

const money = (minor: number | null, currency: string) =>
  minor === null ? '' : minorToDecimal(minor, currency);

function draftOf(project: ProjectView | null, clientId: string): Draft {
  if (!project)
    return {
      clientId,
      name: '',
      code: '',
      description: '',
      status: 'planned',
      billingType: 'hourly',
      budgetHours: '',
      budgetAmount: '',
      hourlyRate: '',
      retainerHours: '',
      retainerRollover: false,
      retainerFee: '',
      retainerInvoicing: 'off',
      startDate: '',
      dueDate: '',
      managerId: '',
      team: {},
      portalVisibility: [],
    };
  return {
    clientId: project.client._id,
    name: project.name,
    code: project.code,
    description: project.description,
    status: project.status,
    billingType: project.billingType,
    budgetHours: hoursText(project.budgetMinutes),
    budgetAmount: money(project.budgetAmount, project.currency),
    hourlyRate: money(project.hourlyRate, project.currency),
    retainerHours: hoursText(project.retainerMinutes),
    retainerRollover: project.retainerRollover,
    retainerFee: money(project.retainerFee, project.currency),
    retainerInvoicing: project.retainerInvoicing,
    startDate: project.startDate ?? '',
    dueDate: project.dueDate ?? '',
    managerId: project.manager?._id ?? '',
    team: Object.fromEntries(project.team.map((m) => [m._id, money(m.hourlyRate, project.currency)])),
    portalVisibility: project.portalVisibility,
  };
}

/** Reads the draft into the API's input; what cannot be read becomes a field error here, as the server would. */
function inputOf(draft: Draft, currency: string): { input?: ProjectInput; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const hours = (field: string, text: string) => {
    if (!text.trim()) return null;
    const minutes = parseHours(text);
    if (minutes === null) errors[field] = M.hoursInvalid;
    return minutes;
  };
  const amount = (field: string, text: string, message: string) => {
    if (!text.trim()) return null;
    const minor = parseMoney(text, currency);
    if (minor === null || minor < 0) errors[field] = message;
    return minor;
  };
  const raw = {
    clientId: draft.clientId,
    name: draft.name,
    code: draft.code,
    description: draft.description,
    status: draft.status,
    billingType: draft.billingType,
    budgetMinutes: hours('budgetMinutes', draft.budgetHours),
    budgetAmount: amount('budgetAmount', draft.budgetAmount, M.amountInvalid),
    hourlyRate: amount('hourlyRate', draft.hourlyRate, M.rateInvalid),
    retainerMinutes: draft.billingType === 'retainer' ? hours('retainerMinutes', draft.retainerHours) : null,
    retainerRollover: draft.retainerRollover,
    retainerFee:
      draft.billingType === 'retainer' ? amount('retainerFee', draft.retainerFee, M.amountInvalid) : null,
    retainerInvoicing: draft.billingType === 'retainer' ? draft.retainerInvoicing : 'off',
    startDate: draft.startDate,
    dueDate: draft.dueDate,
    managerId: draft.managerId,
    team: Object.entries(draft.team).map(([userId, rate]) => ({
      userId,
      hourlyRate: rate === null ? null : amount(`team.${userId}`, rate, M.rateInvalid),
    })),
    portalVisibility: draft.portalVisibility,
  };
  const parsed = projectInputSchema.safeParse(raw);
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return Object.keys(errors).length || !parsed.success ? { errors } : { input: parsed.data, errors };
}

/**
 * Create or edit a project (docs/product/projects.md#projects): its client, code, status, billing, budgets
 * in hours and in the client's currency, dates, manager and team with their own rates.
 */
export function ProjectFormPanel({
  project,
  clientId = '',
  onClose,
  onSaved,
}: {
  project: ProjectView | null;
  clientId?: string;
  onClose(): void;
  onSaved?(project: ProjectView): void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(project, clientId));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const clients = useClientOptions();
  const members = useProjectMembers();
  const save = useSaveProject(project?._id ?? null);
  const nameField = useRef<HTMLInputElement>(null);
  useEffect(() => nameField.current?.focus(), []);

  const client = clients.data?.find((c) => c._id === draft.clientId);
  const currency = project?.currency ?? client?.currency ?? 'INR';
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { input, errors: found } = inputOf(draft, currency);
    setErrors(found);
    if (!input) return;
    save.mutate(input, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        onSaved?.(answer.project);
        onClose();
      },
      onError: (error) =>
        setErrors(Object.fromEntries(serverFieldErrors(error).map((e) => [e.field, e.message]))),
    });
  };

  const footer = (
    <>
      <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
        Cancel
      </Button>
      <Button type="submit" form={FORM_ID} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : project ? 'Save project' : 'Create project'}
      </Button>
    </>
  );

  const memberOptions = members.data ?? [];
  return (
    <SidePanel
      title={project ? `Edit ${project.code} ${project.name}` : 'New project'}
      onClose={onClose}
      footer={footer}
      wide
    >
      <form id={FORM_ID} onSubmit={submit} noValidate className="space-y-5">
        {save.isError && serverFieldErrors(save.error).length === 0 && (
          <Banner message={serverMessage(save.error) ?? 'The project could not be saved.'} />
        )}
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <TextField
            ref={nameField}
            label="Project name"
            value={draft.name}
            onChange={(e) => set('name', e.target.value)}
            error={errors.name}
            required
          />
          <TextField
            label="Code"
            help="Empty: the next number, as P-001"
            value={draft.code}
            onChange={(e) => set('code', e.target.value.toUpperCase())}
            error={errors.code}
          />
        </div>
        <OptionSelectField
          label="Client"
          value={draft.clientId}
          onChange={(e) => set('clientId', e.target.value)}
          error={errors.clientId}
          options={[
            { value: '', label: clients.isPending ? 'Loading clients...' : 'Choose a client' },
            ...(clients.data ?? []).map((c) => ({ value: c._id, label: `${c.name} (${c.currency})` })),
          ]}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <OptionSelectField
            label="Status"
            value={draft.status}
            onChange={(e) => set('status', e.target.value as ProjectStatus)}
            options={PROJECT_STATUSES.map((s) => ({ value: s, label: PROJECT_STATUS_LABELS[s] }))}
          />
          <OptionSelectField
            label="Billing"
            value={draft.billingType}
            onChange={(e) => set('billingType', e.target.value as BillingType)}
            options={BILLING_TYPES.map((b) => ({ value: b, label: BILLING_TYPE_LABELS[b] }))}
          />
        </div>
        {draft.billingType === 'retainer' && (
          <div className="grid items-end gap-4 rounded-xl border border-line bg-slate-50 p-4 sm:grid-cols-2">
            <TextField
              label="Hours a month"
              inputMode="decimal"
              value={draft.retainerHours}
              onChange={(e) => set('retainerHours', e.target.value)}
              error={errors.retainerMinutes}
            />
            <Switch
              label="Unused hours roll over"
              description="Carried into the next month"
              checked={draft.retainerRollover}
              onChange={(value) => set('retainerRollover', value)}
            />
            <TextField
              label={`Fee a month (${currency})`}
              inputMode="decimal"
              placeholder="e.g. 1,20,000"
              value={draft.retainerFee}
              onChange={(e) => set('retainerFee', e.target.value)}
              error={errors.retainerFee}
            />
            <OptionSelectField
              label="When a month ends"
              value={draft.retainerInvoicing}
              onChange={(e) => set('retainerInvoicing', e.target.value as RetainerInvoicing)}
              options={RETAINER_INVOICING.map((r) => ({ value: r, label: RETAINER_INVOICING_LABELS[r] }))}
            />
          </div>
        )}
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Budget (hours)"
            inputMode="decimal"
            placeholder="e.g. 40 or 7:30"
            value={draft.budgetHours}
            onChange={(e) => set('budgetHours', e.target.value)}
            error={errors.budgetMinutes}
          />
          <TextField
            label={`Budget (${currency})`}
            inputMode="decimal"
            placeholder="e.g. 1,50,000"
            value={draft.budgetAmount}
            onChange={(e) => set('budgetAmount', e.target.value)}
            error={errors.budgetAmount}
          />
          <TextField
            label={`Hourly rate (${currency})`}
            inputMode="decimal"
            value={draft.hourlyRate}
            onChange={(e) => set('hourlyRate', e.target.value)}
            error={errors.hourlyRate}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Start date"
            type="date"
            value={draft.startDate}
            onChange={(e) => set('startDate', e.target.value)}
            error={errors.startDate}
          />
          <TextField
            label="Due date"
            type="date"
            value={draft.dueDate}
            onChange={(e) => set('dueDate', e.target.value)}
            error={errors.dueDate}
          />
        </div>
        <OptionSelectField
          label="Project manager"
          value={draft.managerId}
          onChange={(e) => set('managerId', e.target.value)}
          error={errors.managerId}
          options={[
            { value: '', label: project ? 'Keep the current manager' : 'Me' },
            ...memberOptions.map((m) => ({ value: m._id, label: `${m.username} (${m.role})` })),
          ]}
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-ink">Team</legend>
          <p className="text-xs text-muted">
            Who logs time on it. A rate of their own replaces the project&apos;s hourly rate for them.
          </p>
          {errors.team && <p className="text-sm text-red-700">{errors.team}</p>}
          <ul className="divide-y divide-line rounded-xl border border-line">
            {memberOptions.map((member) => {
              const on = member._id in draft.team;
              return (
                <li key={member._id} className="flex flex-wrap items-center gap-3 px-3 py-2">
                  <label className="flex min-w-0 flex-1 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-600"
                      checked={on}
                      onChange={(e) =>
                        setDraft((d) => {
                          const team = { ...d.team };
                          if (e.target.checked) team[member._id] = null;
                          else delete team[member._id];
                          return { ...d, team };
                        })
                      }
                    />
                    <span className="truncate font-medium text-ink">{member.username}</span>
                    <span className="text-xs text-muted">{member.role}</span>
                  </label>
                  {on && (
                    <TextField
                      label={`${member.username}'s rate (${currency})`}
                      className="w-44"
                      inputMode="decimal"
                      placeholder="Project's rate"
                      value={draft.team[member._id] ?? ''}
                      onChange={(e) =>
                        setDraft((d) => ({ ...d, team: { ...d.team, [member._id]: e.target.value || null } }))
                      }
                      error={errors[`team.${member._id}`]}
                    />
                  )}
                </li>
              );
            })}
          </ul>
        </fieldset>
        <ProjectPortalFieldset
          value={draft.portalVisibility}
          onChange={(parts) => setDraft((d) => ({ ...d, portalVisibility: parts }))}
        />
        <TextAreaField
          label="Description"
          value={draft.description}
          onChange={(e) => set('description', e.target.value)}
          error={errors.description}
        />
      </form>
    </SidePanel>
  );
}
