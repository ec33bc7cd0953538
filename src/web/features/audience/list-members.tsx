import { Fragment, useState } from 'react';
import { MEMBER_STATUSES, type MemberStatus } from '../../../shared/mailing-lists';
import type { ListMember, MailingList } from '../../../shared/schemas/mailing-lists';
import { Badge } from '../../components/ui/badge';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { OptionSelectField } from '../../components/ui/option-select-field';
import { Pagination } from '../../components/ui/pagination';
import { SearchBox } from '../../components/ui/search-box';
import { Spinner } from '../../components/ui/spinner';
import { DataTable, RowDetailsButton, tableHeadClasses } from '../../components/ui/table';
import type { BadgeColor } from '../../lib/badge-color';
import { serverMessage } from '../../lib/api-client';
import { useMembers, useUnsubscribeMember, type MemberQuery } from './audience-api';
import { AddMemberDialog, FromClientsDialog, FromLeadsDialog, ImportDialog } from './add-people-dialogs';

const STATUS_COLOR: Record<MemberStatus, BadgeColor> = {
  subscribed: 'green',
  unconfirmed: 'amber',
  unsubscribed: 'grey',
};
const SOURCE_LABEL = {
  form: 'Subscribe form',
  import: 'CSV import',
  manual: 'Added by hand',
  lead: 'From leads',
  client: "A client's contact",
};
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-IN') : '—');

/** Where, when and to what a person agreed: the proof kept on their membership. */
function ConsentProof({ member }: { member: ListMember }) {
  const rows: [string, string][] = [
    ['Source', SOURCE_LABEL[member.consent.source]],
    ['Agreed at', when(member.consent.at)],
    ['Words agreed to', member.consent.text],
    ['From address', member.consent.ip ?? '—'],
    ['Stated basis', member.consent.basis || '—'],
    ['Confirmed at', when(member.confirmedAt)],
    ['Unsubscribed at', when(member.unsubscribedAt)],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt className="font-medium text-muted">{label}</dt>
          <dd className="break-words text-ink">{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

type Adding = 'person' | 'import' | 'leads' | 'clients' | null;

/** A list's members: status and search filters, pages of 50, the proof of each one's consent in a dialog. */
export function ListMembers({ list, onBack }: { list: MailingList; onBack(): void }) {
  const [query, setQuery] = useState<MemberQuery>({ search: '', page: 1 });
  const [open, setOpen] = useState<string | null>(null);
  const [adding, setAdding] = useState<Adding>(null);
  const members = useMembers(list.id, query);
  const unsubscribe = useUnsubscribeMember(list.id);
  const shown = members.data?.members.find((member) => member.subscriberId === open);
  const statusOptions = [
    { value: '', label: 'All statuses' },
    ...MEMBER_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) })),
  ];

  return (
    <section className="space-y-4" aria-label={`Members of ${list.name}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <Button variant="ghost" size="sm" onClick={onBack}>
            ← All lists
          </Button>
          <h2 className="mt-1 text-xl font-semibold text-ink">{list.name}</h2>
          <p className="text-sm text-muted">
            {list.optIn === 'double' ? 'Double opt-in' : 'Single opt-in'} · {list.counts.subscribed}{' '}
            subscribed · {list.counts.unconfirmed} unconfirmed · {list.counts.unsubscribed} unsubscribed
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => setAdding('person')}>
            Add person
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setAdding('import')}>
            Import CSV
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setAdding('leads')}>
            Add from leads
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setAdding('clients')}>
            Add client contacts
          </Button>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]">
        <SearchBox
          label="Search members"
          placeholder="Search e-mail, name or company"
          value={query.search}
          onSearch={(search) => setQuery({ ...query, search, page: 1 })}
        />
        <OptionSelectField
          label="Status"
          hideLabel
          size="sm"
          options={statusOptions}
          value={query.status ?? ''}
          onChange={(e) =>
            setQuery({ ...query, status: (e.target.value || undefined) as MemberStatus | undefined, page: 1 })
          }
        />
      </div>
      {unsubscribe.isError && (
        <Banner message={serverMessage(unsubscribe.error) ?? 'Could not unsubscribe.'} />
      )}
      {members.isPending ? (
        <Spinner label="Loading members" />
      ) : members.isError ? (
        <Banner message={serverMessage(members.error) ?? 'Failed to load the members.'} />
      ) : members.data.members.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line p-8 text-center text-sm text-muted">
          No one here yet. Add people with their basis of consent, or share the subscribe form.
        </p>
      ) : (
        <>
          <DataTable caption={`Members of ${list.name}`} tableClassName="min-w-[44rem]">
            <thead className={tableHeadClasses}>
              <tr>
                <th className="px-4 py-3">E-mail</th>
                <th className="px-4 py-3">Name</th>
                <th className="px-4 py-3">Company</th>
                <th className="px-4 py-3">Status</th>
                <th className="px-4 py-3">Since</th>
                <th className="px-4 py-3">
                  <span className="sr-only">Details</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {members.data.members.map((member) => (
                <tr key={member.subscriberId} className="border-b border-line last:border-0">
                  <td className="px-4 py-3 font-medium text-ink">{member.email}</td>
                  <td className="px-4 py-3">{member.name || '—'}</td>
                  <td className="px-4 py-3">{member.company || '—'}</td>
                  <td className="px-4 py-3">
                    <Badge className="whitespace-nowrap" color={STATUS_COLOR[member.status]}>
                      {member.status}
                    </Badge>
                  </td>
                  <td className="px-4 py-3 text-muted">
                    {new Date(member.createdAt).toLocaleDateString('en-IN')}
                  </td>
                  <td className="px-2 py-1 text-right">
                    <RowDetailsButton
                      label={`Consent of ${member.email}`}
                      onClick={() => setOpen(member.subscriberId)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <Pagination
            label="Member pages"
            page={query.page}
            totalPages={members.data.pagination.totalPages}
            onPage={(page) => setQuery({ ...query, page })}
          />
        </>
      )}
      {shown && (
        <Dialog
          title={`Consent of ${shown.email}`}
          onClose={() => setOpen(null)}
          busy={unsubscribe.isPending}
        >
          <div className="space-y-4">
            <ConsentProof member={shown} />
            {shown.status !== 'unsubscribed' && (
              <Button
                size="sm"
                variant="secondary"
                disabled={unsubscribe.isPending}
                onClick={() => unsubscribe.mutate(shown.subscriberId, { onSuccess: () => setOpen(null) })}
              >
                Unsubscribe from this list
              </Button>
            )}
          </div>
        </Dialog>
      )}
      {adding === 'person' && <AddMemberDialog listId={list.id} onClose={() => setAdding(null)} />}
      {adding === 'import' && <ImportDialog listId={list.id} onClose={() => setAdding(null)} />}
      {adding === 'leads' && <FromLeadsDialog listId={list.id} onClose={() => setAdding(null)} />}
      {adding === 'clients' && <FromClientsDialog listId={list.id} onClose={() => setAdding(null)} />}
    </section>
  );
}
