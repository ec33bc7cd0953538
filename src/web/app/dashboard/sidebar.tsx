import { useMemo, useState } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { ChevronDown, Search } from 'lucide-react';
import { isGroupVisible, isSectionVisible } from '../../../shared/access';
import { DASHBOARD_MESSAGES } from '../../../shared/messages';
import type { PublicUser } from '../../../shared/schemas/public-user';
import { GROUP_ICONS, SECTIONS, SECTION_GROUPS } from '../sections/registry';
import { cn } from '../../components/ui/cn';

/** Side navigation (docs/product/dashboard.md#sidebar-search): collapsible groups, and a search over section names with the same visibility. */
export function Sidebar({
  user,
  activeKey,
  onNavigate,
}: {
  user: PublicUser;
  activeKey: string;
  onNavigate?(): void;
}) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const activeGroup = SECTIONS.find((s) => s.key === activeKey)?.group;
  const [open, setOpen] = useState<Record<string, boolean>>(() =>
    activeGroup ? { [activeGroup]: true } : {},
  );

  const visibleSections = useMemo(() => SECTIONS.filter((s) => isSectionVisible(user, s.key)), [user]);
  const term = query.trim().toLowerCase();
  const results = term
    ? visibleSections.filter((s) => `${s.label} ${s.title ?? ''}`.toLowerCase().includes(term))
    : [];

  const choose = (key: string) => {
    setQuery('');
    navigate(`/dashboard/${key}`);
    onNavigate?.();
  };

  return (
    <nav aria-label="Dashboard sections" className="flex h-full flex-col">
      <div className="px-3 pb-3">
        <label htmlFor="section-search" className="sr-only">
          Search sections
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden
          />
          <input
            id="section-search"
            type="search"
            placeholder="Search sections..."
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className="h-10 w-full rounded-lg border border-slate-300 bg-white pl-9 pr-3 text-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
          />
        </div>
      </div>

      <div className="flex-1 overflow-y-auto px-3 pb-6">
        {term ? (
          <div aria-live="polite">
            <p className="px-2 pb-2 text-xs font-medium text-muted">
              {results.length} {results.length === 1 ? 'result' : 'results'}
            </p>
            {results.length === 0 ? (
              <p className="px-2 text-sm text-muted">{DASHBOARD_MESSAGES.noSearchResults(query.trim())}</p>
            ) : (
              <ul className="space-y-0.5">
                {results.map((section) => (
                  <li key={section.key}>
                    <button
                      type="button"
                      onClick={() => choose(section.key)}
                      className="flex w-full flex-col rounded-lg px-2 py-2 text-left hover:bg-slate-100"
                    >
                      <span className="text-sm font-medium text-ink">{section.label}</span>
                      <span className="text-xs text-muted">
                        {SECTION_GROUPS.find((g) => g.key === section.group)?.label}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : (
          <ul className="space-y-1">
            {SECTION_GROUPS.filter((group) => isGroupVisible(user, group.key)).map((group) => {
              const Icon = GROUP_ICONS[group.key];
              const sections = visibleSections.filter((s) => s.group === group.key);
              const expanded = open[group.key] ?? false;
              let lastSubgroup: string | undefined;
              return (
                <li key={group.key}>
                  <button
                    type="button"
                    aria-expanded={expanded}
                    onClick={() => setOpen((current) => ({ ...current, [group.key]: !expanded }))}
                    className={cn(
                      'flex w-full items-center gap-3 rounded-lg px-2 py-2 text-sm font-semibold hover:bg-slate-100',
                      group.key === activeGroup ? 'text-brand-700' : 'text-ink',
                    )}
                  >
                    <Icon className="size-4 shrink-0" aria-hidden />
                    <span className="flex-1 text-left">{group.label}</span>
                    <ChevronDown
                      className={cn('size-4 text-muted transition-transform', expanded && 'rotate-180')}
                      aria-hidden
                    />
                  </button>
                  {expanded && (
                    <ul className="mb-2 ml-4 mt-0.5 space-y-0.5 border-l border-line pl-3">
                      {sections.map((section) => {
                        const heading = section.subgroup !== lastSubgroup ? section.subgroup : undefined;
                        lastSubgroup = section.subgroup;
                        return (
                          <li key={section.key}>
                            {heading && (
                              <p className="px-2 pb-1 pt-2 text-[11px] font-semibold uppercase tracking-wide text-muted">
                                {heading}
                              </p>
                            )}
                            <NavLink
                              to={`/dashboard/${section.key}`}
                              onClick={onNavigate}
                              className={({ isActive }) =>
                                cn(
                                  'block rounded-md px-2 py-1.5 text-sm',
                                  isActive
                                    ? 'bg-brand-50 font-semibold text-brand-800'
                                    : 'text-muted hover:bg-slate-100 hover:text-ink',
                                )
                              }
                            >
                              {section.label}
                            </NavLink>
                          </li>
                        );
                      })}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </nav>
  );
}
