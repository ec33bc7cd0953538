import { useState } from 'react';
import { ChevronDown, KeyRound, Pause, Play, Send, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { WEBHOOK_MESSAGES as M } from '../../../shared/messages';
import type { Webhook, WebhookCreated } from '../../../shared/schemas/webhooks';
import { WEBHOOK_EVENT_INFO } from '../../../shared/webhooks';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { serverMessage } from '../../lib/api-client';
import { cn } from '../../components/ui/cn';
import { useDeleteWebhook, useQueueDelivery, useRollSecret, useUpdateWebhook } from './integrations-api';
import { SecretReveal } from './secret-reveal';
import { WebhookDeliveryLog } from './webhook-delivery-log';

function StatusBadge({ webhook }: { webhook: Webhook }) {
  if (!webhook.active) return <Badge color="amber">Paused</Badge>;
  if (webhook.failingSince) return <Badge color="red">Failing</Badge>;
  return <Badge color="green">Active</Badge>;
}

/** Asks before deleting (the log goes with it). */
function DeleteDialog({ webhook, onClose }: { webhook: Webhook; onClose(): void }) {
  const remove = useDeleteWebhook();
  return (
    <Dialog
      tone="danger"
      title="Delete this webhook?"
      description={
        <>
          Events stop going to <span className="font-medium break-all text-ink">{webhook.url}</span> and its
          delivery log is deleted. This cannot be undone.
        </>
      }
      onClose={onClose}
      busy={remove.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(webhook._id, {
                onSuccess: () => {
                  toast.success(M.deleted);
                  onClose();
                },
                onError: (error) => toast.error(serverMessage(error) ?? 'Could not delete the webhook'),
              })
            }
          >
            Delete webhook
          </Button>
        </>
      }
    />
  );
}

/** 'New secret': asks first, then shows the new secret once. */
function RollSecretDialog({ webhook, onClose }: { webhook: Webhook; onClose(): void }) {
  const roll = useRollSecret();
  const [rolled, setRolled] = useState<WebhookCreated | null>(null);
  if (rolled)
    return (
      <Dialog title="New signing secret" onClose={onClose} footer={<Button onClick={onClose}>Done</Button>}>
        <SecretReveal secret={rolled.secret} message={M.secretRolled} />
      </Dialog>
    );
  return (
    <Dialog
      title="Make a new signing secret?"
      description="Deliveries are signed with the new secret at once and the old one stops working: update your receiver right after."
      onClose={onClose}
      busy={roll.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={roll.isPending}>
            Cancel
          </Button>
          <Button
            disabled={roll.isPending}
            onClick={() =>
              roll.mutate(webhook._id, {
                onSuccess: setRolled,
                onError: (error) => toast.error(serverMessage(error) ?? 'Could not make a new secret'),
              })
            }
          >
            Make new secret
          </Button>
        </>
      }
    />
  );
}

/** One webhook: where it sends, which events, its state, its actions and its delivery log. */
export function WebhookCard({ webhook, initiallyOpen }: { webhook: Webhook; initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const [dialog, setDialog] = useState<'delete' | 'secret' | null>(null);
  const update = useUpdateWebhook();
  const test = useQueueDelivery(webhook._id);
  const logId = `webhook-log-${webhook._id}`;

  const toggleActive = () =>
    update.mutate(
      { id: webhook._id, active: !webhook.active },
      {
        onSuccess: (changed) => toast.success(changed.active ? M.resumed : M.paused),
        onError: (error) => toast.error(serverMessage(error) ?? 'Could not change the webhook'),
      },
    );
  const sendTest = () =>
    test.mutate(null, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        setOpen(true);
      },
      onError: (error) => toast.error(serverMessage(error) ?? 'Could not send a test event'),
    });

  return (
    <Card className="p-4 sm:p-5" aria-label={`Webhook ${webhook.url}`} role="group">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge webhook={webhook} />
            <p className="min-w-0 font-mono text-sm break-all text-ink">{webhook.url}</p>
          </div>
          {webhook.pausedReason && <p className="text-sm text-amber-900">{webhook.pausedReason}</p>}
          {webhook.active && webhook.heldUntil && Date.parse(webhook.heldUntil) > Date.now() && (
            <p className="text-sm text-red-800">{M.heldUntil(webhook.heldUntil)}</p>
          )}
          <ul className="flex flex-wrap gap-1.5" aria-label="Events">
            {webhook.events.map((event) => (
              <li key={event}>
                <Badge color="blue" className="font-normal">
                  {WEBHOOK_EVENT_INFO[event].label}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-wrap gap-2 lg:shrink-0 lg:justify-end">
          <Button variant="secondary" size="sm" onClick={sendTest} disabled={test.isPending}>
            <Send className="size-4" aria-hidden />
            Send a test event
          </Button>
          <Button variant="secondary" size="sm" onClick={toggleActive} disabled={update.isPending}>
            {webhook.active ? (
              <Pause className="size-4" aria-hidden />
            ) : (
              <Play className="size-4" aria-hidden />
            )}
            {webhook.active ? 'Pause' : 'Resume'}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setDialog('secret')}>
            <KeyRound className="size-4" aria-hidden />
            New secret
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setDialog('delete')}
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
          >
            <Trash2 className="size-4" aria-hidden />
            Delete
          </Button>
        </div>
      </div>
      <div className="mt-4 border-t border-line pt-3">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={logId}
          onClick={() => setOpen((value) => !value)}
          className="inline-flex items-center gap-1.5 rounded-md py-1 text-sm font-semibold text-brand-700 hover:text-brand-800"
        >
          <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden />
          Delivery log
        </button>
        {open && (
          <div id={logId} className="mt-3">
            <WebhookDeliveryLog webhookId={webhook._id} />
          </div>
        )}
      </div>
      {dialog === 'delete' && <DeleteDialog webhook={webhook} onClose={() => setDialog(null)} />}
      {dialog === 'secret' && <RollSecretDialog webhook={webhook} onClose={() => setDialog(null)} />}
    </Card>
  );
}
