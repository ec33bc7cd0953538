import type { ScrapedProfile } from '../../../shared/schemas/botgit';
import { formatScrapedDate } from '../../../shared/botgit';
import { DataTable, tableHeadClasses } from '../../components/ui/table';

interface ScrapedTableProps {
  profiles: ScrapedProfile[];
  selected: ReadonlySet<string>;
  onToggle(id: string): void;
  onToggleAll(checked: boolean): void;
}

const COLUMNS = ['Name', 'E-mail', 'Phone', 'Role', 'Location', 'Date'] as const;
const checkboxClass = 'size-4 rounded border-slate-400 accent-brand-600';
const dash = (value: string) => value || '-';

function ProfileName({ profile }: { profile: ScrapedProfile }) {
  return (
    <a
      href={profile.profileUrl}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="font-semibold text-ink underline-offset-2 hover:text-brand-700 hover:underline"
    >
      {profile.name || profile.profileUrl}
    </a>
  );
}

/** Botgit Data table (docs/product/botgit.md#scraped-data): select-all and row checkboxes, Name, E-mail, Phone, Role, Location, Date. */
export function ScrapedTable({ profiles, selected, onToggle, onToggleAll }: ScrapedTableProps) {
  const allChecked = profiles.length > 0 && profiles.every((p) => selected.has(p._id));
  const selectAll = (
    <input
      type="checkbox"
      className={checkboxClass}
      checked={allChecked}
      onChange={(event) => onToggleAll(event.target.checked)}
      aria-label="Select all profiles on this page"
    />
  );
  const rowCheckbox = (profile: ScrapedProfile) => (
    <input
      type="checkbox"
      className={checkboxClass}
      checked={selected.has(profile._id)}
      onChange={() => onToggle(profile._id)}
      aria-label={`Select ${profile.name || profile.profileUrl}`}
    />
  );
  return (
    <>
      {/* Phones: a card per profile; wider screens: the table. */}
      <div className="space-y-3 sm:hidden">
        <label className="flex items-center gap-2 px-1 text-sm text-muted">
          {selectAll}
          Select all on this page
        </label>
        <ul className="space-y-3" aria-label="Scraped profiles">
          {profiles.map((profile) => (
            <li
              key={profile._id}
              className="flex gap-3 rounded-2xl border border-line bg-white p-4 shadow-sm"
            >
              <div className="pt-0.5">{rowCheckbox(profile)}</div>
              <div className="min-w-0 flex-1 space-y-1 text-sm">
                <ProfileName profile={profile} />
                {profile.role && <p className="text-muted">{profile.role}</p>}
                {profile.email && <p className="break-all">{profile.email}</p>}
                {profile.phone && <p>{profile.phone}</p>}
                <p className="text-xs text-muted">
                  {[profile.location, formatScrapedDate(profile.timestamp)].filter(Boolean).join(' · ')}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <div className="hidden sm:block">
        <DataTable caption="Scraped profiles" tableClassName="min-w-[52rem]">
          <thead className={tableHeadClasses}>
            <tr>
              <th scope="col" className="w-10 px-3 py-3">
                {selectAll}
              </th>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-3 py-3">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {profiles.map((profile) => (
              <tr
                key={profile._id}
                data-testid="scraped-row"
                className={selected.has(profile._id) ? 'bg-brand-50/60' : undefined}
              >
                <td className="px-3 py-3">{rowCheckbox(profile)}</td>
                <td className="max-w-48 px-3 py-3">
                  <ProfileName profile={profile} />
                </td>
                <td className="max-w-56 break-all px-3 py-3">{dash(profile.email)}</td>
                <td className="whitespace-nowrap px-3 py-3">{dash(profile.phone)}</td>
                <td className="max-w-48 px-3 py-3 text-muted">{dash(profile.role)}</td>
                <td className="px-3 py-3 text-muted">{dash(profile.location)}</td>
                <td className="whitespace-nowrap px-3 py-3 text-muted">
                  {formatScrapedDate(profile.timestamp)}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </div>
    </>
  );
}
