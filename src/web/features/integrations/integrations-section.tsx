import { useState } from 'react';
import { FlaskConical, Plus } from 'lucide-react';
import { DASHBOARD_MESSAGES, WEBHOOK_MESSAGES as M } from '../../../shared/messages';
import type { SectionProps } from '../../lib/section-props';
import { Badge } from '../../components/ui/badge';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { TopicCards } from '../../components/ui/topic-cards';
import { isHttpError, serverMessage } from '../../lib/api-client';
import { useIntegrations, useWebhooks } from './integrations-api';
import { LiveCards } from './live-cards';
import { SAMPLE_INTEGRATIONS } from './sample-cards';
import { WebhookCard } from './webhook-card';
import { WebhookFormDialog } from './webhook-form';

/** The workspace's webhooks: the list, 'Add webhook', each one's log. */
function WebhooksPanel() {
  const webhooks = useWebhooks(true);
  const [adding, setAdding] = useState(false);
  const [newest, setNewest] = useState<string | null>(null);
  const list = webhooks.data?.webhooks ?? [];
  const full = webhooks.data ? list.length >= webhooks.data.limit : false;
  return (
    <section aria-labelledby="webhooks-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="webhooks-heading" className="text-lg font-semibold text-ink">
            Webhooks
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-muted">
            Signed JSON POSTs to your URL when leads arrive or convert, a contact message comes in, a post
            goes live or Botgit sends a profile. Failed deliveries are tried again for about a day.
          </p>
        </div>
        <Button onClick={() => setAdding(true)} disabled={full} title={full ? M.limitReached : undefined}>
          <Plus className="size-4" aria-hidden />
          Add webhook
        </Button>
      </div>
      {full && <Banner tone="info" message={M.limitReached} />}
      {webhooks.isPending ? (
        <Spinner label={DASHBOARD_MESSAGES.loading} />
      ) : webhooks.isError ? (
        <Banner message={serverMessage(webhooks.error) ?? 'Failed to load the webhooks.'} />
      ) : list.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line bg-white px-6 py-10 text-center text-sm text-muted">
          No webhooks yet. Add one to send this workspace’s events to another tool.
        </p>
      ) : (
        <ul className="space-y-4" aria-label="Webhooks">
          {list.map((webhook) => (
            <li key={webhook._id}>
              <WebhookCard webhook={webhook} initiallyOpen={webhook._id === newest || list.length === 1} />
            </li>
          ))}
        </ul>
      )}
      {adding && <WebhookFormDialog onClose={() => setAdding(false)} onCreated={setNewest} />}
    </section>
  );
}

/**
 * Manage Integrations (docs/product/integrations.md): the live cards and the webhooks for the workspace's
 * Admin or Business Admin, then the spec's other cards, labelled as samples.
 */
export function IntegrationsSection({ section }: SectionProps) {
  const overview = useIntegrations();
  const refused = isHttpError(overview.error) && overview.error.response?.status === 403;
  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {section.title ?? section.label}
        </h1>
        <p className="mt-1 text-sm text-muted">
          Connect the dashboard to the other tools the business already uses.
        </p>
      </header>
      {overview.isPending ? (
        <Spinner label={DASHBOARD_MESSAGES.loading} />
      ) : refused ? (
        <Banner tone="info" message={M.ownerOnly} />
      ) : overview.isError ? (
        <Banner message={serverMessage(overview.error) ?? 'Failed to load the integrations.'} />
      ) : (
        <>
          <LiveCards overview={overview.data} />
          <WebhooksPanel />
        </>
      )}
      <section aria-labelledby="sample-integrations-heading" className="space-y-4">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="sample-integrations-heading" className="text-lg font-semibold text-ink">
            More integrations
          </h2>
          <Badge color="amber" className="gap-1">
            <FlaskConical className="size-3.5" aria-hidden />
            Sample
          </Badge>
        </div>
        <p className="text-sm text-muted">Examples of what could be connected; these are not set up.</p>
        <TopicCards cards={SAMPLE_INTEGRATIONS} />
      </section>
    </div>
  );
}
