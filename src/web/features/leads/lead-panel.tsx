import { useState } from 'react';
import { Building2, CheckCircle2, Pencil, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { FORM_MESSAGES, LEAD_MESSAGES } from '../../../shared/messages';
import { updateLeadSchema, type Lead, type UpdateLeadInput } from '../../../shared/schemas/leads';
import { canUseModule } from '../../../shared/access';
import { serverMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import type { LeadConversionDraft } from '../../../shared/schemas/clients';
import { ClientFormPanel } from '../../components/clients/client-form-panel';
import { LeadConvertDialog } from './lead-convert-dialog';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { SidePanel } from '../../components/ui/side-panel';
import { LeadDetails } from './lead-details';
import { LeadEditForm, draftOf, draftValue, type DraftErrors, type LeadDraft } from './lead-edit-form';
import { useDeleteLead, useLead, useUpdateLead } from './leads-api';

const FORM_ID = 'edit-lead-form';
const DELETE_CLASSES =
  'inline-flex h-10 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60';
const SAVE_FAILED = 'The lead could not be saved. Please try again.';

/**
 * Lead side panel (docs/product/leads.md#editing): details with days active; edit mode (Save Changes saves and leaves edit mode,
 * Cancel restores); Mark as Converted; delete after the spec's confirmation.
 */
export function LeadPanel({ lead: initial, onClose }: { lead: Lead; onClose(): void }) {
  const { data } = useLead(initial._id, initial);
  const lead = data ?? initial;
  const update = useUpdateLead();
  const remove = useDeleteLead();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<LeadDraft>(() => draftOf(lead));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [converting, setConverting] = useState(false);
  const [newClient, setNewClient] = useState<LeadConversionDraft['draft'] | null>(null);
  // A lead is Data Center's, a client Projects': converting needs both (docs/product/projects.md#converting-a-lead).
  const mayConvert = canUseModule(useSession().user, 'projects');
  const busy = update.isPending || remove.isPending;

  const fail = (error: unknown) => setFailure(serverMessage(error) ?? SAVE_FAILED);

  const startEditing = () => {
    setDraft(draftOf(lead));
    setErrors({});
    setFailure(null);
    setEditing(true);
  };
  const cancel = () => {
    setDraft(draftOf(lead));
    setErrors({});
    setFailure(null);
    setEditing(false);
  };

  const save = () => {
    const original = draftOf(lead);
    const changed = Object.fromEntries(
      Object.entries(draft).filter(([key, value]) => original[key as keyof LeadDraft] !== value),
    );
    if ('value' in changed) changed.value = draftValue(draft.value) as never;
    const parsed = updateLeadSchema.safeParse(changed);
    if (!parsed.success) {
      const next: DraftErrors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof LeadDraft] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    setFailure(null);
    const changes: UpdateLeadInput = parsed.data;
    if (Object.keys(changes).length === 0) return setEditing(false);
    update.mutate(
      { id: lead._id, changes },
      {
        onSuccess: () => {
          toast.success(LEAD_MESSAGES.updated);
          setEditing(false);
        },
        onError: fail,
      },
    );
  };

  const markConverted = () =>
    update.mutate(
      { id: lead._id, changes: { status: 'Converted' } },
      { onSuccess: () => toast.success(LEAD_MESSAGES.statusUpdated), onError: fail },
    );

  const deleteLead = () => {
    if (!window.confirm(LEAD_MESSAGES.deleteConfirm)) return;
    remove.mutate(lead._id, {
      onSuccess: () => {
        toast.success(LEAD_MESSAGES.deleted);
        onClose();
      },
      onError: fail,
    });
  };

  const footer = editing ? (
    <>
      <Button variant="secondary" onClick={cancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" form={FORM_ID} disabled={busy}>
        {update.isPending ? FORM_MESSAGES.saving : FORM_MESSAGES.saveChanges}
      </Button>
    </>
  ) : (
    <div className="flex w-full flex-wrap items-center justify-between gap-2">
      <button type="button" onClick={deleteLead} disabled={busy} className={DELETE_CLASSES}>
        <Trash2 className="size-4" aria-hidden />
        Delete
      </button>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={markConverted} disabled={busy || lead.status === 'Converted'}>
          <CheckCircle2 className="size-4" aria-hidden />
          Mark as Converted
        </Button>
        {mayConvert && (
          <Button variant="secondary" onClick={() => setConverting(true)} disabled={busy}>
            <Building2 className="size-4" aria-hidden />
            Convert to client
          </Button>
        )}
        <Button onClick={startEditing} disabled={busy}>
          <Pencil className="size-4" aria-hidden />
          Edit
        </Button>
      </div>
    </div>
  );

  // The new client's form takes the panel's place until it is saved or cancelled.
  if (newClient)
    return (
      <ClientFormPanel
        client={null}
        convert={{ leadId: lead._id, draft: newClient }}
        onClose={() => setNewClient(null)}
      />
    );

  return (
    <SidePanel title="Lead details" onClose={onClose} footer={footer}>
      {failure && <Banner message={failure} className="mb-4" />}
      {editing ? (
        <LeadEditForm
          lead={lead}
          draft={draft}
          errors={errors}
          formId={FORM_ID}
          onSubmit={save}
          onChange={(changes) => setDraft((d) => ({ ...d, ...changes }))}
        />
      ) : (
        <LeadDetails lead={lead} />
      )}
      {converting && (
        <LeadConvertDialog
          leadId={lead._id}
          onClose={() => setConverting(false)}
          onNewClient={(draft) => {
            setConverting(false);
            setNewClient(draft);
          }}
        />
      )}
    </SidePanel>
  );
}
