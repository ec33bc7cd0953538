import { useMemo, useState } from 'react';
import { Search, Users } from 'lucide-react';
import { toast } from 'sonner';
import { USERS_MESSAGES } from '../../../shared/messages';
import type { PublicUser } from '../../../shared/schemas/public-user';
import type { Role } from '../../../shared/roles';
import type { SectionProps } from '../../lib/section-props';
import { Banner } from '../../components/ui/banner';
import { Spinner } from '../../components/ui/spinner';
import { useUpdateUser, useUsers } from './users-api';
import { UsersTable } from './users-table';
import { UsersCards } from './users-cards';
import { UserPanel } from './user-panel';

/** Users & Roles (docs/product/users.md#users-and-roles). Editing controls are for Admins only; the server refuses anyone else too. */
export function UsersSection({ user: viewer }: SectionProps) {
  const { data: users, isPending, isError } = useUsers();
  const updateUser = useUpdateUser();
  const [query, setQuery] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const isAdmin = viewer.role === 'Admin';

  const term = query.trim().toLowerCase();
  const visible = useMemo(
    () =>
      (users ?? []).filter(
        (u) => !term || [u.name, u.username, u.email].some((v) => v.toLowerCase().includes(term)),
      ),
    [users, term],
  );
  const open = users?.find((u) => u._id === openId) ?? null;

  const changeRole = (target: PublicUser, role: string) =>
    updateUser.mutate(
      { id: target._id, changes: { role: role as Role } },
      {
        onSuccess: () => toast.success(USERS_MESSAGES.roleUpdated),
        onError: () => toast.error(USERS_MESSAGES.roleUpdateFailed),
      },
    );

  return (
    <div className="mx-auto max-w-7xl space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-3 text-2xl font-bold tracking-tight">
            All users{' '}
            <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-sm font-semibold text-brand-800">
              {users?.length ?? 0}
            </span>
          </h1>
          <p className="mt-1 text-sm text-muted">Roles, status and module access of everyone you manage.</p>
        </div>
        <div className="relative w-full sm:w-72">
          <label htmlFor="users-search" className="sr-only">
            Search users
          </label>
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden
          />
          <input
            id="users-search"
            type="search"
            placeholder="Search by name, username or email"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className="h-10 w-full rounded-lg border border-slate-300 bg-white pl-9 pr-3 text-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
          />
        </div>
      </div>

      {isError && <Banner message={USERS_MESSAGES.fetchFailed} />}
      {isPending && !users ? (
        <Spinner label={USERS_MESSAGES.loading} />
      ) : visible.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-line bg-white px-6 py-14 text-center">
          <Users className="mx-auto size-8 text-slate-400" aria-hidden />
          <p className="mt-3 font-semibold text-ink">{USERS_MESSAGES.emptyTitle}</p>
          <p className="mt-1 text-sm text-muted">{USERS_MESSAGES.emptyHint}</p>
        </div>
      ) : (
        <>
          <div className="hidden md:block">
            <UsersTable
              users={visible}
              canEdit={isAdmin}
              onRoleChange={changeRole}
              onOpen={(u) => setOpenId(u._id)}
            />
          </div>
          <div className="md:hidden">
            <UsersCards users={visible} onOpen={(u) => setOpenId(u._id)} />
          </div>
        </>
      )}

      {open && <UserPanel user={open} canEdit={isAdmin} onClose={() => setOpenId(null)} />}
    </div>
  );
}
