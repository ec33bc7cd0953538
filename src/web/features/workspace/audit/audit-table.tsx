import type { AuditEntry } from '../../../../shared/schemas/audit';
import { DataTable, tableHeadClasses } from '../../../components/ui/table';
import { AuditKindBadge } from './audit-kind-badge';

const COLUMNS = ['When', 'Who', 'What', 'Kind', 'IP'] as const;

/** The entry's time in the reader's own time zone; the UTC instant stays in `dateTime`. */
function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
    </time>
  );
}

/** The author, or a dash for background work and accounts since erased. */
function Who({ user }: { user: AuditEntry['user'] }) {
  if (!user)
    return (
      <span className="text-muted">
        <span aria-hidden>—</span>
        <span className="sr-only">No account</span>
      </span>
    );
  return (
    <>
      <p className="font-medium text-ink">{user.username}</p>
      <p className="break-all text-xs text-muted">{user.email}</p>
    </>
  );
}

const address = (entry: AuditEntry) => entry.ip ?? '—';

/** The page of entries: a card per entry on phones, the table on wider screens. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <>
      <ul className="space-y-3 sm:hidden" aria-label="Audit entries">
        {entries.map((entry) => (
          <li key={entry._id} className="rounded-xl border border-line bg-white p-4">
            <div className="flex items-start justify-between gap-3">
              <AuditKindBadge kind={entry.kind} />
              <span className="text-right text-xs text-muted">
                <When iso={entry.createdAt} />
              </span>
            </div>
            <p className="mt-2 break-words text-sm text-ink">{entry.action}</p>
            <div className="mt-2 flex items-end justify-between gap-3 text-sm">
              <div className="min-w-0">
                <Who user={entry.user} />
              </div>
              <span className="shrink-0 font-mono text-xs text-muted">{address(entry)}</span>
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <DataTable caption="Audit entries, newest first" tableClassName="min-w-[44rem]">
          <thead className={tableHeadClasses}>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-4 py-3">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {entries.map((entry) => (
              <tr key={entry._id} className="align-top">
                <td className="px-4 py-3 text-muted">
                  <When iso={entry.createdAt} />
                </td>
                <td className="px-4 py-3">
                  <Who user={entry.user} />
                </td>
                <td className="px-4 py-3 break-words text-ink">{entry.action}</td>
                <td className="px-4 py-3">
                  <AuditKindBadge kind={entry.kind} />
                </td>
                <td className="px-4 py-3 font-mono text-xs leading-5 whitespace-nowrap text-muted">
                  {address(entry)}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </div>
    </>
  );
}
