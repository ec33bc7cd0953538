import { useState } from 'react';
import { toast } from 'sonner';
import { CAMPAIGN_STATUSES, CAMPAIGN_STATUS_LABELS, type CampaignStatus } from '../../../shared/campaigns';
import { CAMPAIGN_MESSAGES as M, DASHBOARD_MESSAGES } from '../../../shared/messages';
import type { Campaign } from '../../../shared/schemas/campaigns';
import { Banner } from '../../components/ui/banner';
import { Button, ButtonLink } from '../../components/ui/button';
import { OptionSelectField } from '../../components/ui/option-select-field';
import { Pagination } from '../../components/ui/pagination';
import { Spinner } from '../../components/ui/spinner';
import { DataTable, tableHeadClasses } from '../../components/ui/table';
import { serverMessage } from '../../lib/api-client';
import { StatusBadge } from '../../components/campaigns/campaign-status-badge';
import { ConfirmDialog, ScheduleDialog, SendNowDialog } from './campaign-action-dialogs';
import { CampaignDialog } from './campaign-dialog';
import { CampaignProgress } from './campaign-progress';
import { useCampaignAction, useCampaigns } from './campaigns-api';
import { when } from './schedule-time';
import { SendingSpeedCard } from './sending-speed-card';

type Open =
  | { kind: 'edit'; campaign?: Campaign }
  | { kind: 'send' | 'schedule' | 'cancel' | 'delete'; campaign: Campaign }
  | null;

const STATUS_FILTER = [
  { value: '', label: 'All statuses' },
  ...CAMPAIGN_STATUSES.map((status) => ({ value: status, label: CAMPAIGN_STATUS_LABELS[status] })),
];

function Dates({ campaign }: { campaign: Campaign }) {
  const rows = [
    ['Scheduled', when(campaign.status === 'scheduled' ? campaign.scheduledAt : null)],
    ['Started', when(campaign.startedAt)],
    ['Finished', when(campaign.finishedAt)],
    ['Created', when(campaign.createdAt)],
  ].filter((row): row is [string, string] => Boolean(row[1]));
  return (
    <dl className="space-y-0.5 text-xs">
      {rows.slice(0, 2).map(([label, value]) => (
        <div key={label} className="whitespace-nowrap">
          <dt className="inline text-muted">{label}: </dt>
          <dd className="inline text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Summary({ campaign }: { campaign: Campaign }) {
  return (
    <>
      <p className="font-semibold text-ink">{campaign.name}</p>
      <p className="text-xs text-muted">
        List: {campaign.listName ?? 'deleted'} · Template: {campaign.templateName ?? 'deleted'}
        {campaign.segment && ' · segment'}
      </p>
    </>
  );
}

function Status({ campaign }: { campaign: Campaign }) {
  return (
    <>
      <StatusBadge status={campaign.status} />
      {campaign.waitReason && (
        <p className="mt-1 max-w-[14rem] text-xs text-amber-800">{campaign.waitReason}</p>
      )}
    </>
  );
}

function RowActions({ campaign, onOpen }: { campaign: Campaign; onOpen(open: Open): void }) {
  const run = useCampaignAction();
  const quick = (action: 'pause' | 'resume') =>
    run.mutate(
      { id: campaign.id, action },
      {
        onSuccess: (answer) => toast.success(answer.message),
        onError: (error) => toast.error(serverMessage(error) ?? M.actionFailed),
      },
    );
  const { status } = campaign;
  const named = (verb: string) => `${verb} ${campaign.name}`;
  return (
    <div className="flex flex-wrap gap-2 md:justify-end">
      {status === 'draft' && (
        <Button size="sm" aria-label={named('Send now')} onClick={() => onOpen({ kind: 'send', campaign })}>
          Send now
        </Button>
      )}
      {(status === 'draft' || status === 'scheduled') && (
        <>
          <Button
            size="sm"
            variant="secondary"
            aria-label={named(status === 'scheduled' ? 'Reschedule' : 'Schedule')}
            onClick={() => onOpen({ kind: 'schedule', campaign })}
          >
            {status === 'scheduled' ? 'Reschedule' : 'Schedule'}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            aria-label={named('Edit')}
            onClick={() => onOpen({ kind: 'edit', campaign })}
          >
            Edit
          </Button>
        </>
      )}
      {status === 'sending' && (
        <Button
          size="sm"
          variant="secondary"
          aria-label={named('Pause')}
          disabled={run.isPending}
          onClick={() => quick('pause')}
        >
          Pause
        </Button>
      )}
      {status === 'paused' && (
        <Button
          size="sm"
          aria-label={named('Resume')}
          disabled={run.isPending}
          onClick={() => quick('resume')}
        >
          Resume
        </Button>
      )}
      {(status === 'scheduled' || status === 'sending' || status === 'paused') && (
        <Button
          size="sm"
          variant="ghost"
          aria-label={named('Cancel')}
          onClick={() => onOpen({ kind: 'cancel', campaign })}
        >
          Cancel
        </Button>
      )}
      {(status === 'draft' || status === 'cancelled') && (
        <Button
          size="sm"
          variant="ghost"
          aria-label={named('Delete')}
          onClick={() => onOpen({ kind: 'delete', campaign })}
        >
          Delete
        </Button>
      )}
      {(status === 'sending' || status === 'paused' || status === 'sent' || status === 'cancelled') && (
        <ButtonLink
          size="sm"
          variant="secondary"
          className="whitespace-nowrap"
          aria-label={named('View results of')}
          to={`/dashboard/email-analytics?campaign=${encodeURIComponent(campaign.id)}`}
        >
          View results
        </ButtonLink>
      )}
    </div>
  );
}

/**
 * Campaign Setup's campaigns (docs/product/marketing.md#campaigns): the table with each one's progress, read
 * again every few seconds while one sends or waits for its time, its actions by status, and the sending speed.
 */
export function CampaignsTab() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<CampaignStatus | ''>('');
  const campaigns = useCampaigns({ page, status: status || undefined });
  const [open, setOpen] = useState<Open>(null);
  const close = (message: string) => {
    setOpen(null);
    if (message) toast.success(message);
  };
  const create = <Button onClick={() => setOpen({ kind: 'edit' })}>New campaign</Button>;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <OptionSelectField
          label="Status"
          size="sm"
          className="w-full sm:w-56"
          options={STATUS_FILTER}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as CampaignStatus | '');
            setPage(1);
          }}
        />
        {create}
      </div>
      {campaigns.isPending ? (
        <Spinner label={DASHBOARD_MESSAGES.loading} />
      ) : campaigns.isError ? (
        <Banner message={serverMessage(campaigns.error) ?? M.loadFailed} />
      ) : campaigns.data.campaigns.length === 0 ? (
        <div className="space-y-3 rounded-2xl border border-dashed border-line p-8 text-center">
          {status ? (
            <p className="text-sm text-muted">{M.noCampaignsWithStatus}</p>
          ) : (
            <>
              <p className="font-semibold text-ink">{M.noCampaigns}</p>
              <p className="text-sm text-muted">{M.noCampaignsHint}</p>
              <div className="flex justify-center">{create}</div>
            </>
          )}
        </div>
      ) : (
        <div className="space-y-4">
          {/* A phone shows each campaign as a card: a table's progress and actions would sit off-screen. */}
          <ul className="space-y-3 md:hidden" aria-label="Campaigns">
            {campaigns.data.campaigns.map((campaign) => (
              <li
                key={campaign.id}
                className="space-y-3 rounded-2xl border border-line bg-white p-4 shadow-sm"
              >
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <Summary campaign={campaign} />
                  </div>
                  <div className="shrink-0 text-right">
                    <Status campaign={campaign} />
                  </div>
                </div>
                <CampaignProgress progress={campaign.progress} />
                <Dates campaign={campaign} />
                <RowActions campaign={campaign} onOpen={setOpen} />
              </li>
            ))}
          </ul>
          <div className="hidden md:block">
            <DataTable caption="Campaigns" tableClassName="min-w-[52rem]">
              <thead className={tableHeadClasses}>
                <tr>
                  <th className="px-4 py-3">Campaign</th>
                  <th className="px-4 py-3">Status</th>
                  <th className="px-4 py-3">Progress</th>
                  <th className="px-4 py-3">Dates</th>
                  <th className="px-4 py-3">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {campaigns.data.campaigns.map((campaign) => (
                  <tr key={campaign.id} className="border-b border-line align-top last:border-0">
                    <td className="px-4 py-3">
                      <Summary campaign={campaign} />
                    </td>
                    <td className="px-4 py-3">
                      <Status campaign={campaign} />
                    </td>
                    <td className="px-4 py-3">
                      <CampaignProgress progress={campaign.progress} />
                    </td>
                    <td className="px-4 py-3">
                      <Dates campaign={campaign} />
                    </td>
                    <td className="min-w-[17rem] px-4 py-3">
                      <RowActions campaign={campaign} onOpen={setOpen} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </div>
          <Pagination
            label="Campaign pages"
            page={page}
            totalPages={campaigns.data.pageInfo.totalPages}
            onPage={setPage}
          />
        </div>
      )}
      <SendingSpeedCard />
      {open?.kind === 'edit' && <CampaignDialog campaign={open.campaign} onClose={close} />}
      {open?.kind === 'send' && <SendNowDialog campaign={open.campaign} onClose={close} />}
      {open?.kind === 'schedule' && <ScheduleDialog campaign={open.campaign} onClose={close} />}
      {(open?.kind === 'cancel' || open?.kind === 'delete') && (
        <ConfirmDialog campaign={open.campaign} action={open.kind} onClose={close} />
      )}
    </div>
  );
}
