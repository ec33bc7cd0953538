import { useState, type FormEvent } from 'react';
import { CAMPAIGN_MESSAGES as M, DASHBOARD_MESSAGES } from '../../../shared/messages';
import { CAMPAIGNS as C } from '../../../shared/campaigns';
import type { Campaign } from '../../../shared/schemas/campaigns';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/api-client';
import { useCampaignAction, useMailingList } from './campaigns-api';
import { localInputToIso, localInputValue, when as shown } from './schedule-time';

type Done = (message: string) => void;

function Footer({
  busy,
  confirm,
  onCancel,
  tone = 'primary',
  form,
  onConfirm,
}: {
  busy: boolean;
  confirm: string;
  onCancel(): void;
  tone?: 'primary' | 'danger';
  form?: string;
  onConfirm?(): void;
}) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Keep it
      </Button>
      <Button
        type={form ? 'submit' : 'button'}
        form={form}
        variant={tone}
        disabled={busy}
        onClick={onConfirm}
      >
        {busy ? 'Working…' : confirm}
      </Button>
    </>
  );
}

/** "Send now": says how many people the list has subscribed before anything goes. */
export function SendNowDialog({ campaign, onClose }: { campaign: Campaign; onClose: Done }) {
  const list = useMailingList(campaign.listId);
  const run = useCampaignAction();
  return (
    <Dialog
      title={M.sendConfirmTitle}
      onClose={() => onClose('')}
      busy={run.isPending}
      footer={
        <Footer
          busy={run.isPending || !list.data}
          confirm="Send now"
          onCancel={() => onClose('')}
          onConfirm={() =>
            run.mutate(
              { id: campaign.id, action: 'send' },
              { onSuccess: (answer) => onClose(answer.message) },
            )
          }
        />
      }
    >
      <div className="space-y-3">
        {run.isError && <Banner message={serverMessage(run.error) ?? M.actionFailed} />}
        {list.isPending ? (
          <Spinner label={DASHBOARD_MESSAGES.loading} />
        ) : list.isError ? (
          <Banner message={serverMessage(list.error) ?? M.listNotFound} />
        ) : (
          <p className="text-sm text-ink">{M.sendConfirm(list.data.counts.subscribed, list.data.name)}</p>
        )}
      </div>
    </Dialog>
  );
}

/** "Schedule": a local date and time, sent as ISO with the browser's offset. */
export function ScheduleDialog({ campaign, onClose }: { campaign: Campaign; onClose: Done }) {
  const run = useCampaignAction();
  const [when, setWhen] = useState(() => localInputValue(new Date(), 10 * 60_000));
  const [error, setError] = useState<string | undefined>();
  const formId = `schedule-${campaign.id}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    const at = localInputToIso(when);
    if (!at) return setError(M.scheduleMissing);
    setError(undefined);
    run.mutate(
      { id: campaign.id, action: 'schedule', at },
      {
        // The server's message names the time in UTC; the person reads it in their own.
        onSuccess: (answer) =>
          onClose(
            answer.campaign?.scheduledAt ? M.scheduled(shown(answer.campaign.scheduledAt)!) : answer.message,
          ),
      },
    );
  }

  return (
    <Dialog
      title={M.scheduleTitle}
      description={`"${campaign.name}"`}
      onClose={() => onClose('')}
      busy={run.isPending}
      footer={<Footer busy={run.isPending} confirm="Schedule" form={formId} onCancel={() => onClose('')} />}
    >
      <form id={formId} className="space-y-3" onSubmit={submit} noValidate>
        {run.isError && <Banner message={serverMessage(run.error) ?? M.actionFailed} />}
        <TextField
          label="Send at"
          type="datetime-local"
          value={when}
          min={localInputValue(new Date(), C.scheduleMinAheadMs)}
          help={M.scheduleHint}
          error={error}
          onChange={(e) => setWhen(e.target.value)}
        />
      </form>
    </Dialog>
  );
}

/** Cancel and Delete: asked once, since neither can be undone. */
export function ConfirmDialog({
  campaign,
  action,
  onClose,
}: {
  campaign: Campaign;
  action: 'cancel' | 'delete';
  onClose: Done;
}) {
  const run = useCampaignAction();
  const cancel = action === 'cancel';
  return (
    <Dialog
      title={cancel ? M.cancelConfirmTitle : M.deleteConfirmTitle}
      tone="danger"
      onClose={() => onClose('')}
      busy={run.isPending}
      footer={
        <Footer
          busy={run.isPending}
          tone="danger"
          confirm={cancel ? 'Cancel campaign' : 'Delete campaign'}
          onCancel={() => onClose('')}
          onConfirm={() =>
            run.mutate({ id: campaign.id, action }, { onSuccess: (answer) => onClose(answer.message) })
          }
        />
      }
    >
      <div className="space-y-3">
        {run.isError && <Banner message={serverMessage(run.error) ?? M.actionFailed} />}
        <p className="text-sm text-ink">{cancel ? M.cancelConfirm : M.deleteConfirm(campaign.name)}</p>
      </div>
    </Dialog>
  );
}
