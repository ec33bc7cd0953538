import { RotateCw } from 'lucide-react';
import { toast } from 'sonner';
import { WEBHOOK_MESSAGES as M } from '../../../shared/messages';
import type { WebhookDelivery } from '../../../shared/schemas/webhooks';
import type { WebhookDeliveryStatus } from '../../../shared/webhooks';
import type { BadgeColor } from '../../lib/badge-color';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { DataTable, tableHeadClasses } from '../../components/ui/table';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/api-client';
import { timeAgo } from '../../lib/time-ago';
import { useDeliveries, useQueueDelivery } from './integrations-api';

const STATUS: Record<WebhookDeliveryStatus, { label: string; color: BadgeColor }> = {
  queued: { label: 'Queued', color: 'amber' },
  sending: { label: 'Sending', color: 'blue' },
  delivered: { label: 'Delivered', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={new Date(iso).toLocaleString()}>
      {timeAgo(iso)}
    </time>
  );
}

/** The status badge, and for a delivery that has not gone through, why and when it is tried next. */
function Outcome({ delivery }: { delivery: WebhookDelivery }) {
  return (
    <>
      <Badge color={STATUS[delivery.status].color}>{STATUS[delivery.status].label}</Badge>
      {delivery.error && delivery.status !== 'delivered' && (
        <p className="mt-1 max-w-xs text-xs break-words text-red-700">{delivery.error}</p>
      )}
      {delivery.nextAttemptAt && delivery.attempts > 0 && (
        <p className="mt-1 text-xs text-muted">
          Next try <When iso={delivery.nextAttemptAt} />
        </p>
      )}
    </>
  );
}

const code = (delivery: WebhookDelivery) =>
  delivery.responseCode === null ? '—' : String(delivery.responseCode);
const when = (delivery: WebhookDelivery) =>
  delivery.deliveredAt ?? delivery.lastAttemptAt ?? delivery.createdAt;

/** A webhook's last 50 deliveries (docs/product/integrations.md#webhooks): status, time, code, attempts, 'Send again'. */
export function WebhookDeliveryLog({ webhookId }: { webhookId: string }) {
  const log = useDeliveries(webhookId);
  const queue = useQueueDelivery(webhookId);
  const again = (delivery: WebhookDelivery) =>
    queue.mutate(delivery._id, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => toast.error(serverMessage(error) ?? 'Could not queue the delivery'),
    });
  const sendAgain = (delivery: WebhookDelivery) => (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => again(delivery)}
      disabled={queue.isPending || delivery.status === 'sending' || delivery.status === 'queued'}
      aria-label={`Send again: ${delivery.event} of ${new Date(delivery.createdAt).toLocaleString()}`}
    >
      <RotateCw className="size-4" aria-hidden />
      Send again
    </Button>
  );

  if (log.isPending) return <Spinner label="Loading deliveries..." />;
  if (log.isError)
    return (
      <p className="text-sm text-red-700">{serverMessage(log.error) ?? 'Failed to load the delivery log.'}</p>
    );
  if (!log.data.length)
    return (
      <p className="rounded-xl border border-dashed border-line px-4 py-6 text-center text-sm text-muted">
        {M.logEmpty}
      </p>
    );
  return (
    <>
      {/* Phones: one card per delivery; wider screens: the table. */}
      <ul className="space-y-2 sm:hidden" aria-label="Deliveries">
        {log.data.map((delivery) => (
          <li key={delivery._id} className="rounded-xl border border-line p-3">
            <div className="flex items-start justify-between gap-2">
              <code className="min-w-0 font-mono text-xs break-all text-ink">{delivery.event}</code>
              <span className="shrink-0 text-xs text-muted">
                <When iso={when(delivery)} />
              </span>
            </div>
            <div className="mt-2">
              <Outcome delivery={delivery} />
            </div>
            <p className="mt-2 text-xs text-muted">
              HTTP {code(delivery)} · {delivery.attempts} attempt{delivery.attempts === 1 ? '' : 's'}
            </p>
            <div className="mt-2">{sendAgain(delivery)}</div>
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <DataTable caption="Deliveries of this webhook" tableClassName="min-w-[40rem]">
          <thead className={tableHeadClasses}>
            <tr>
              <th scope="col" className="px-4 py-3">
                Event
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3">
                Time
              </th>
              <th scope="col" className="px-4 py-3">
                Code
              </th>
              <th scope="col" className="px-4 py-3">
                Attempts
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {log.data.map((delivery) => (
              <tr key={delivery._id} className="align-top">
                <td className="px-4 py-3">
                  <code className="font-mono text-xs text-ink">{delivery.event}</code>
                </td>
                <td className="px-4 py-3">
                  <Outcome delivery={delivery} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-muted">
                  <When iso={when(delivery)} />
                </td>
                <td className="px-4 py-3 text-ink">{code(delivery)}</td>
                <td className="px-4 py-3 text-ink">{delivery.attempts}</td>
                <td className="px-4 py-3 text-right">{sendAgain(delivery)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </div>
    </>
  );
}
