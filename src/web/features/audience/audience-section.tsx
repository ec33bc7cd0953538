import { useState } from 'react';
import { DASHBOARD_MESSAGES } from '../../../shared/messages';
import type { MailingList } from '../../../shared/schemas/mailing-lists';
import type { SectionProps } from '../../lib/section-props';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { Tabs } from '../../components/ui/tabs';
import { DataTable, tableHeadClasses } from '../../components/ui/table';
import { serverMessage } from '../../lib/api-client';
import { copyText } from '../../lib/copy-text';
import { useDeleteList, useMailingLists } from './audience-api';
import { ListDialog } from './list-dialog';
import { ListMembers } from './list-members';
import { SuppressionsTab } from './suppressions-tab';
import { BouncesTab } from './bounces-tab';
import { SequencesTab } from './sequences-tab';
import { CampaignsTab } from './campaigns-tab';

type Tab = 'campaigns' | 'lists' | 'suppressions' | 'sequences' | 'bounces';
const TABS: { key: Tab; label: string }[] = [
  { key: 'campaigns', label: 'Campaigns' },
  { key: 'lists', label: 'Lists' },
  { key: 'suppressions', label: 'Suppression list' },
  { key: 'sequences', label: 'Sequences' },
  { key: 'bounces', label: 'Bounces' },
];

function CopyFormUrl({ url }: { url: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <Button
      size="sm"
      variant="secondary"
      className="whitespace-nowrap"
      onClick={() => void copyText(url).then(setCopied)}
      title={url}
    >
      {copied === true ? 'Copied' : copied === false ? 'Copy failed' : 'Copy form URL'}
    </Button>
  );
}

function ListsTab() {
  const lists = useMailingLists();
  const remove = useDeleteList();
  const [editing, setEditing] = useState<MailingList | 'new' | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const open = lists.data?.find((list) => list.id === openId);

  if (open) return <ListMembers list={open} onBack={() => setOpenId(null)} />;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">
          Each person's consent is kept with them: where, when, the words they agreed to.
        </p>
        <Button onClick={() => setEditing('new')}>New list</Button>
      </div>
      {remove.isError && <Banner message={serverMessage(remove.error) ?? 'Could not delete the list.'} />}
      {lists.isPending ? (
        <Spinner label={DASHBOARD_MESSAGES.loading} />
      ) : lists.isError ? (
        <Banner message={serverMessage(lists.error) ?? 'Failed to load the lists.'} />
      ) : lists.data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line p-8 text-center text-sm text-muted">
          No lists yet. Create one, then add people with their basis of consent or share its subscribe form.
        </p>
      ) : (
        <DataTable caption="Mailing lists" tableClassName="min-w-[52rem]">
          <thead className={tableHeadClasses}>
            <tr>
              <th className="px-4 py-3">List</th>
              <th className="px-4 py-3">Opt-in</th>
              <th className="px-4 py-3 text-right">Subscribed</th>
              <th className="px-4 py-3 text-right">Unconfirmed</th>
              <th className="px-4 py-3 text-right">Unsubscribed</th>
              <th className="px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lists.data.map((list) => (
              <tr key={list.id} className="border-b border-line last:border-0">
                <td className="px-4 py-3">
                  <button
                    type="button"
                    className="text-left font-semibold text-brand-700 hover:underline"
                    onClick={() => setOpenId(list.id)}
                  >
                    {list.name}
                  </button>
                  {list.description && <p className="text-xs text-muted">{list.description}</p>}
                </td>
                <td className="px-4 py-3">{list.optIn === 'double' ? 'Double' : 'Single'}</td>
                <td className="px-4 py-3 text-right tabular-nums">{list.counts.subscribed}</td>
                <td className="px-4 py-3 text-right tabular-nums">{list.counts.unconfirmed}</td>
                <td className="px-4 py-3 text-right tabular-nums">{list.counts.unsubscribed}</td>
                <td className="px-4 py-3">
                  <div className="flex justify-end gap-2">
                    <CopyFormUrl url={list.formUrl} />
                    <Button
                      size="sm"
                      variant="secondary"
                      className="whitespace-nowrap"
                      onClick={() => setEditing(list)}
                    >
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={remove.isPending}
                      onClick={() => {
                        if (window.confirm(`Delete "${list.name}" and its members' records?`))
                          remove.mutate(list.id);
                      }}
                    >
                      Delete
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {editing && (
        <ListDialog list={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
    </div>
  );
}

/**
 * Campaign Setup: its campaigns (docs/product/marketing.md#campaigns), and the audience
 * (docs/product/marketing.md#lists-and-consent): mailing lists with the proof of each person's consent, their
 * public subscribe forms, the workspace's suppression list, the welcome and drip sequences sent to the lists
 * (docs/product/marketing.md#sequences), and the bounces
 * (docs/product/marketing.md#bounces-and-complaints).
 */
export function AudienceSection({ section }: SectionProps) {
  const [tab, setTab] = useState<Tab>('campaigns');
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {section.title ?? section.label}
        </h1>
        <p className="mt-1 text-sm text-muted">
          Your campaigns, and who they may reach, with proof that each person agreed.
        </p>
      </header>
      <Tabs<Tab> label="Campaign Setup" tabs={TABS} active={tab} onChange={setTab}>
        {tab === 'campaigns' ? (
          <CampaignsTab />
        ) : tab === 'lists' ? (
          <ListsTab />
        ) : tab === 'suppressions' ? (
          <SuppressionsTab />
        ) : tab === 'sequences' ? (
          <SequencesTab />
        ) : (
          <BouncesTab />
        )}
      </Tabs>
    </div>
  );
}
