import { useState, type FormEvent } from 'react';
import { CAMPAIGNS as C, utmSlug } from '../../../shared/campaigns';
import { LEAD_SOURCES, LEAD_STATUSES } from '../../../shared/leads';
import { CAMPAIGN_MESSAGES as M } from '../../../shared/messages';
import type { Campaign, CampaignSegment } from '../../../shared/schemas/campaigns';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { OptionSelectField } from '../../components/ui/option-select-field';
import { serverMessage } from '../../lib/api-client';
import { useMailingLists } from './audience-api';

import { useSaveCampaign, useTemplateChoices } from './campaigns-api';

const ANY = { value: '', label: 'Any' };
const STATUS_OPTIONS = [ANY, ...LEAD_STATUSES.map((status) => ({ value: status, label: status }))];
const SOURCE_OPTIONS = [ANY, ...LEAD_SOURCES.map((source) => ({ value: source, label: source }))];

type LeadStatus = (typeof LEAD_STATUSES)[number];

/** What the segment's filters leave as they were when none narrows anything. */
const neutral = (key: string, value: unknown) =>
  value === undefined || value === '' || key === 'tzOffset' || (key === 'dateFilter' && value === 'all');

/**
 * The segment to save: the status and source chosen here over the other filters it already had (set through
 * the API); none at all when nothing narrows the list (the whole list).
 */
function segmentOf(status: string, source: string, segment: CampaignSegment | null): CampaignSegment | null {
  const next: Partial<CampaignSegment> = { ...(segment ?? {}) };
  delete next.status;
  delete next.source;
  if (status) next.status = status as LeadStatus;
  if (source) next.source = source;
  const narrows = Object.entries(next).some(([key, value]) => !neutral(key, value));
  // The server fills the defaults (every date, offset 0) of what is left out.
  return narrows ? (next as CampaignSegment) : null;
}

/**
 * Create a draft or edit a draft or scheduled campaign: its name, template, list, an optional segment (the
 * Client Leads filters) and, under "Advanced", the utm_* its links carry.
 */
export function CampaignDialog({
  campaign,
  onClose,
}: {
  campaign?: Campaign;
  onClose(message: string): void;
}) {
  const save = useSaveCampaign();
  const templates = useTemplateChoices();
  const lists = useMailingLists();
  const [name, setName] = useState(campaign?.name ?? '');
  const [templateId, setTemplateId] = useState(campaign?.templateId ?? '');
  const [listId, setListId] = useState(campaign?.listId ?? '');
  const [status, setStatus] = useState<string>(campaign?.segment?.status ?? '');
  const [source, setSource] = useState(campaign?.segment?.source ?? '');
  const [utmSource, setUtmSource] = useState(campaign?.utmSource ?? 'newsletter');
  const [utmMedium, setUtmMedium] = useState(campaign?.utmMedium ?? 'email');
  const [utmCampaign, setUtmCampaign] = useState(campaign?.utmCampaign ?? '');
  const [tried, setTried] = useState(false);

  const templateOptions = [
    { value: '', label: 'Choose a template' },
    ...(templates.data ?? []).map((t) => ({ value: t._id, label: t.name })),
  ];
  const listOptions = [
    { value: '', label: 'Choose a list' },
    ...(lists.data ?? []).map((l) => ({
      value: l.id,
      label: `${l.name} (${l.counts.subscribed} subscribed)`,
    })),
  ];

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!name.trim() || !templateId || !listId) return;
    save.mutate(
      {
        id: campaign?.id,
        body: {
          name,
          templateId,
          listId,
          segment: segmentOf(status, source, campaign?.segment ?? null),
          utmSource,
          utmMedium,
          utmCampaign,
        },
      },
      { onSuccess: (answer) => onClose(answer.message) },
    );
  }

  return (
    <Dialog
      title={campaign ? 'Edit campaign' : 'New campaign'}
      description="Saved as a draft: send it now or schedule it from the table."
      onClose={() => onClose('')}
      busy={save.isPending}
    >
      <form className="space-y-4" onSubmit={submit} noValidate aria-label="Campaign">
        {save.isError && <Banner message={serverMessage(save.error) ?? M.saveFailed} />}
        <TextField
          label="Name"
          value={name}
          maxLength={C.nameMax}
          required
          error={tried && !name.trim() ? M.nameRequired : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        <OptionSelectField
          label="Template"
          options={templateOptions}
          value={templateId}
          required
          help={templates.data?.length === 0 ? M.noTemplates : undefined}
          error={tried && !templateId ? M.templateMissing : undefined}
          onChange={(e) => setTemplateId(e.target.value)}
        />
        <OptionSelectField
          label="List"
          options={listOptions}
          value={listId}
          required
          help={lists.data?.length === 0 ? M.noLists : undefined}
          error={tried && !listId ? M.listMissing : undefined}
          onChange={(e) => setListId(e.target.value)}
        />
        <fieldset className="space-y-3 rounded-xl border border-line p-4">
          <legend className="px-1 text-sm font-semibold text-ink">Segment (optional)</legend>
          <p className="text-xs text-muted">
            Only the list's people whose lead in Client Leads matches. Leave both at "Any" to mail the whole
            list.
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            <OptionSelectField
              label="Lead status"
              options={STATUS_OPTIONS}
              value={status}
              onChange={(e) => setStatus(e.target.value)}
            />
            <OptionSelectField
              label="Lead source"
              options={SOURCE_OPTIONS}
              value={source}
              onChange={(e) => setSource(e.target.value)}
            />
          </div>
        </fieldset>
        <details className="rounded-xl border border-line p-4">
          <summary className="cursor-pointer text-sm font-semibold text-ink">Advanced: link tracking</summary>
          <div className="mt-3 grid gap-3 sm:grid-cols-3">
            <TextField
              label="utm_source"
              value={utmSource}
              maxLength={C.utmMax}
              onChange={(e) => setUtmSource(e.target.value)}
            />
            <TextField
              label="utm_medium"
              value={utmMedium}
              maxLength={C.utmMax}
              onChange={(e) => setUtmMedium(e.target.value)}
            />
            <TextField
              label="utm_campaign"
              value={utmCampaign}
              maxLength={C.utmMax}
              placeholder={utmSlug(name)}
              onChange={(e) => setUtmCampaign(e.target.value)}
            />
          </div>
          <p className="mt-2 text-xs text-muted">An empty utm_campaign is made from the name.</p>
        </details>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onClose('')} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save campaign'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
