import { Pencil, Plus } from 'lucide-react';
import { countryName, type ClientView } from '../../../shared/schemas/clients';
import { formatMoney } from '../../../shared/money';
import { CLIENT_PORTAL_TIMELINE as PT } from '../../../shared/messages';
import { formatMinutes } from '../../../shared/schemas/projects';
import { addDays } from '../../../shared/schemas/time';
import { Button } from '../../components/ui/button';
import { SidePanel } from '../../components/ui/side-panel';
import { ProjectStatusBadge } from '../../components/projects/project-parts';
import { useClientTimeline } from '../../lib/clients-api';
import { useProjects } from '../../lib/projects-api';
import { useTimeReport } from '../../lib/time-api';
import { timeAgo } from '../../lib/time-ago';
import { ClientPortalCard } from './client-portal-card';

const today = () => new Date().toISOString().slice(0, 10);
const EVENT_TEXT: Record<string, (data: Record<string, unknown>) => string> = {
  created: () => 'added the client',
  converted: (data) => `converted the lead ${String(data.leadName ?? '')} into it`,
  updated: (data) =>
    `edited ${((data.fields as string[] | undefined) ?? []).join(', ').replace(/_/g, ' ') || 'it'}`,
  // What the client's contacts did in the portal.
  'portal-signed-in': () => PT.signedIn,
  'portal-task': (data) =>
    (PT.task[String(data.event)] ?? PT.task['client-commented']!)(
      PT.taskName(typeof data.number === 'number' ? data.number : null, String(data.title ?? '')),
    ),
  'portal-estimate-answered': (data) =>
    (data.accepted ? PT.estimateAccepted : PT.estimateDeclined)(String(data.number ?? '')),
  'portal-invoice-viewed': (data) => PT.invoiceViewed(String(data.number ?? '')),
  'portal-payment-notice': (data) =>
    PT.paymentNotice(
      String(data.number ?? ''),
      typeof data.amount === 'number' ? formatMoney(data.amount, String(data.currency ?? 'INR')) : null,
    ),
};

/**
 * A client's page (docs/product/projects.md#clients): its details and contacts, who may use its client
 * portal, its projects, its hours of the last year, and its timeline; edit it or open a project for it from here.
 */
export function ClientPanel({
  client,
  onClose,
  onEdit,
  onOpenProject,
  onNewProject,
}: {
  client: ClientView;
  onClose(): void;
  onEdit(): void;
  onOpenProject(id: string): void;
  onNewProject(): void;
}) {
  const projects = useProjects({
    search: '',
    client: client._id,
    manager: '',
    status: [],
    due: '',
    overBudget: false,
    sort: 'created',
    page: 1,
    limit: 100,
  });
  const hours = useTimeReport({
    from: addDays(today(), -365),
    to: today(),
    groupBy: 'client',
    client: client._id,
  });
  const timeline = useClientTimeline(client._id);
  const totals = hours.data?.totals;
  const place = [
    client.addressLine1,
    client.addressLine2,
    client.city,
    client.state,
    client.postalCode,
    countryName(client.country),
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <SidePanel
      title={client.name}
      onClose={onClose}
      wide
      footer={
        <>
          <Button variant="secondary" onClick={onEdit}>
            <Pencil className="size-4" aria-hidden /> Edit client
          </Button>
          <Button onClick={onNewProject}>
            <Plus className="size-4" aria-hidden /> New project
          </Button>
        </>
      }
    >
      <div className="space-y-6 text-sm">
        <dl className="grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Legal name · tax id</dt>
            <dd className="mt-1 text-ink">
              {[client.legalName, client.taxId].filter(Boolean).join(' · ') || '–'}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Billing address</dt>
            <dd className="mt-1 text-ink">{place || '–'}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Currency · terms</dt>
            <dd className="mt-1 text-ink">
              {client.currency} · {client.paymentTermsDays} days
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">
              Hours, last 12 months
            </dt>
            <dd className="mt-1 text-ink" data-testid="client-hours">
              {totals
                ? `${formatMinutes(totals.minutes)} (${formatMinutes(totals.billableMinutes)} billable${totals.amounts.length ? `, ${totals.amounts.map((a) => formatMoney(a.amount, a.currency)).join(' + ')}` : ''})`
                : '–'}
            </dd>
          </div>
        </dl>

        <section aria-labelledby="client-contacts">
          <h3 id="client-contacts" className="font-semibold text-ink">
            Contacts
          </h3>
          {client.contacts.length === 0 ? (
            <p className="mt-2 text-muted">No contacts yet.</p>
          ) : (
            <ul className="mt-2 divide-y divide-line rounded-xl border border-line">
              {client.contacts.map((c) => (
                <li key={c._id} className="px-3 py-2">
                  <span className="font-medium text-ink">{c.name}</span>
                  {c.jobTitle && <span className="text-muted"> · {c.jobTitle}</span>}
                  <span className="block text-xs text-muted">
                    {[c.email, c.phone].filter(Boolean).join(' · ') || '–'}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <ClientPortalCard clientId={client._id} />

        <section aria-labelledby="client-projects">
          <h3 id="client-projects" className="font-semibold text-ink">
            Projects
          </h3>
          {projects.data?.projects.length === 0 ? (
            <p className="mt-2 text-muted">No projects yet.</p>
          ) : (
            <ul className="mt-2 divide-y divide-line rounded-xl border border-line">
              {projects.data?.projects.map((p) => (
                <li key={p._id} className="flex items-center justify-between gap-3 px-3 py-2">
                  <button
                    type="button"
                    className="min-w-0 truncate text-left font-medium text-ink hover:underline"
                    onClick={() => onOpenProject(p._id)}
                  >
                    <span className="mr-1 font-mono text-xs text-muted">{p.code}</span>
                    {p.name}
                  </button>
                  <ProjectStatusBadge status={p.status} />
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="client-timeline">
          <h3 id="client-timeline" className="font-semibold text-ink">
            Timeline
          </h3>
          <ul className="mt-2 space-y-2">
            {timeline.data?.map((event) => (
              <li key={event._id} className="flex justify-between gap-3">
                <span>
                  <span className="font-medium text-ink">{event.actor}</span>{' '}
                  {(EVENT_TEXT[event.kind] ?? (() => event.kind))(event.data)}
                </span>
                <time dateTime={event.at} className="shrink-0 text-xs text-muted">
                  {timeAgo(event.at)}
                </time>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </SidePanel>
  );
}
