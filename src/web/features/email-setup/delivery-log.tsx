import type { BadgeColor } from '../../lib/badge-color';
import { EMAIL_SETUP_MESSAGES as M } from '../../../shared/messages';
import { MAIL_KIND_LABELS } from '../../../shared/mail';
import type { DeliveryLogEntry } from '../../../shared/schemas/mail';
import { Badge } from '../../components/ui/badge';
import { DataTable, tableHeadClasses } from '../../components/ui/table';
import { Spinner } from '../../components/ui/spinner';
import { timeAgo } from '../../lib/time-ago';
import { useDeliveryLog } from './email-setup-api';

const STATUS: Record<DeliveryLogEntry['status'], { label: string; color: BadgeColor }> = {
  queued: { label: 'Queued', color: 'amber' },
  sending: { label: 'Sending', color: 'blue' },
  sent: { label: 'Sent', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};
const KIND: Record<DeliveryLogEntry['kind'], string> = MAIL_KIND_LABELS;

function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={new Date(iso).toLocaleString()}>
      {timeAgo(iso)}
    </time>
  );
}

/** Status badge, attempts, the reason of the last failure and the next try. */
function DeliveryStatus({ message }: { message: DeliveryLogEntry }) {
  return (
    <>
      <Badge color={STATUS[message.status].color}>{STATUS[message.status].label}</Badge>
      {message.attempts > 1 && <p className="mt-1 text-xs text-muted">{message.attempts} attempts</p>}
      {message.lastError && message.status !== 'sent' && (
        <p className="mt-1 max-w-xs text-xs text-red-700">{message.lastError}</p>
      )}
      {message.nextAttemptAt && message.status === 'queued' && (
        <p className="mt-1 text-xs text-muted">
          Next try <When iso={message.nextAttemptAt} />
        </p>
      )}
    </>
  );
}

const recipient = (message: DeliveryLogEntry) => message.to || 'Your sender address';

/** The workspace's last messages: recipient, subject, time and how delivery went (docs/product/email.md#delivery-log). */
export function DeliveryLog() {
  const log = useDeliveryLog();
  return (
    <section aria-labelledby="delivery-log-heading" className="space-y-3">
      <h2 id="delivery-log-heading" className="text-lg font-semibold text-ink">
        Delivery log
      </h2>
      {log.isPending ? (
        <Spinner label="Loading..." />
      ) : !log.data?.length ? (
        <p className="rounded-2xl border border-dashed border-line bg-white px-6 py-10 text-center text-sm text-muted">
          {M.logEmpty}
        </p>
      ) : (
        <>
          {/* Phones: one card per message; wider screens: the table. */}
          <ul className="space-y-3 sm:hidden" aria-label="Recent e-mails">
            {log.data.map((message) => (
              <li key={message._id} className="rounded-2xl border border-line bg-white p-4 shadow-sm">
                <div className="flex items-start justify-between gap-3">
                  <p className="min-w-0 break-all text-sm font-medium text-ink">{recipient(message)}</p>
                  <span className="shrink-0 text-xs text-muted">
                    <When iso={message.sentAt ?? message.createdAt} />
                  </span>
                </div>
                <p className="mt-1 text-sm text-ink">{message.subject}</p>
                <p className="mb-2 text-xs text-muted">{KIND[message.kind]}</p>
                <DeliveryStatus message={message} />
              </li>
            ))}
          </ul>
          <div className="hidden sm:block">
            <DataTable caption="Recent e-mails and their delivery status" tableClassName="min-w-[40rem]">
              <thead className={tableHeadClasses}>
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Recipient
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Subject
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Time
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {log.data.map((message) => (
                  <tr key={message._id} className="align-top">
                    <td className="px-4 py-3 break-all text-ink">{recipient(message)}</td>
                    <td className="px-4 py-3">
                      <p className="text-ink">{message.subject}</p>
                      <p className="text-xs text-muted">{KIND[message.kind]}</p>
                    </td>
                    <td className="px-4 py-3">
                      <DeliveryStatus message={message} />
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-muted">
                      <When iso={message.sentAt ?? message.createdAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </div>
        </>
      )}
    </section>
  );
}
