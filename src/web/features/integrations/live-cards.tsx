import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Bot, KeyRound, Mail, Webhook as WebhookIcon, type LucideIcon } from 'lucide-react';
import type { IntegrationsOverview } from '../../../shared/schemas/webhooks';
import type { BadgeColor } from '../../lib/badge-color';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { timeAgoInSentence as ago } from '../../lib/time-ago';

function LiveCard({
  title,
  icon: Icon,
  status,
  children,
  link,
}: {
  title: string;
  icon: LucideIcon;
  status: { label: string; color: BadgeColor };
  children: ReactNode;
  link?: { to: string; label: string };
}) {
  return (
    <li className="min-w-0">
      <Card className="flex h-full flex-col gap-3 p-5">
        <div className="flex items-center gap-3">
          <span className="shrink-0 rounded-xl bg-brand-50 p-2.5 text-brand-700">
            <Icon className="size-5" aria-hidden />
          </span>
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            <h3 className="text-base font-semibold text-ink">{title}</h3>
            <Badge color={status.color}>{status.label}</Badge>
          </div>
        </div>
        <div className="flex-1 text-sm text-muted">{children}</div>
        {link && (
          <Link
            to={link.to}
            className="text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline"
          >
            {link.label}
          </Link>
        )}
      </Card>
    </li>
  );
}

function emailStatus({ email }: IntegrationsOverview): { label: string; color: BadgeColor } {
  if (email.transport === 'none') return { label: 'Not set up', color: 'grey' };
  if (email.lastError) return { label: 'Failing', color: 'red' };
  if (email.transport === 'own' && !email.verifiedAt) return { label: 'Not tested', color: 'amber' };
  return { label: 'Working', color: 'green' };
}

/** The real state of the workspace's integrations (docs/product/integrations.md#live-cards). */
export function LiveCards({ overview }: { overview: IntegrationsOverview }) {
  const { email, botgit, webhooks, apiKeys } = overview;
  return (
    <ul className="grid gap-4 sm:grid-cols-2" aria-label="Your integrations">
      <LiveCard
        title="E-mail"
        icon={Mail}
        status={emailStatus(overview)}
        link={{ to: '/dashboard/email-setup', label: 'Open Email Setup' }}
      >
        {email.transport === 'none' && <p>Mail is not going out: save an SMTP server.</p>}
        {email.transport === 'platform' && <p>Sent through the platform’s e-mail set-up.</p>}
        {email.transport === 'own' && (
          <p>
            Your own SMTP server.{' '}
            {email.lastError
              ? `Last attempt failed: ${email.lastError}`
              : email.verifiedAt
                ? `Last delivery worked ${ago(email.verifiedAt)}.`
                : 'Send a test e-mail to check it.'}
          </p>
        )}
      </LiveCard>
      <LiveCard
        title="Botgit"
        icon={Bot}
        status={
          botgit.connectedExtensions > 0
            ? { label: `${botgit.connectedExtensions} connected`, color: 'green' }
            : { label: 'Not connected', color: 'grey' }
        }
        link={{ to: '/dashboard/botgit-data', label: 'Open Scraped Data' }}
      >
        <p>
          {botgit.lastIngestAt
            ? `Last profile received ${ago(botgit.lastIngestAt)}`
            : 'No profile received yet'}
          {' · '}
          {botgit.profiles} profile{botgit.profiles === 1 ? '' : 's'} kept.
        </p>
      </LiveCard>
      <LiveCard
        title="Webhooks"
        icon={WebhookIcon}
        status={
          webhooks.failing > 0
            ? { label: `${webhooks.failing} failing`, color: 'red' }
            : webhooks.active > 0
              ? { label: `${webhooks.active} active`, color: 'green' }
              : { label: 'None active', color: 'grey' }
        }
      >
        <p>
          {webhooks.total === 0
            ? 'Send this workspace’s events to your other tools.'
            : `${webhooks.total} webhook${webhooks.total === 1 ? '' : 's'}, ${webhooks.active} active.`}
        </p>
      </LiveCard>
      <LiveCard
        title="API keys"
        icon={KeyRound}
        status={
          apiKeys.total > 0
            ? { label: `${apiKeys.total} key${apiKeys.total === 1 ? '' : 's'}`, color: 'blue' }
            : { label: 'None', color: 'grey' }
        }
        link={{ to: '/dashboard/credentials', label: 'Open Credentials' }}
      >
        <p>
          {apiKeys.total === 0
            ? 'Create a key in Credentials to let your scripts and apps call the API.'
            : apiKeys.lastUsedAt
              ? `Last used ${ago(apiKeys.lastUsedAt)}.`
              : 'Not used yet.'}
        </p>
      </LiveCard>
    </ul>
  );
}
