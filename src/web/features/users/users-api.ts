import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModuleKey } from '../../../shared/roles';
import type { UpdateUserInput } from '../../../shared/schemas/users';
import type { PublicUser } from '../../../shared/schemas/public-user';
import { api } from '../../lib/api-client';
import { keepIfRoom } from '../../lib/storage';

/** docs/product/users.md#users-and-roles: the users list is also kept in local storage under 'usersData', so it shows at once next time. */
const CACHE_KEY = 'usersData';

function cachedUsers(): PublicUser[] | undefined {
  try {
    const raw = window.localStorage.getItem(CACHE_KEY);
    return raw ? (JSON.parse(raw) as PublicUser[]) : undefined;
  } catch {
    return undefined;
  }
}

export function useUsers() {
  return useQuery({
    queryKey: ['users'],
    queryFn: async () => {
      const { data } = await api.get<{ users: PublicUser[] }>('users');
      keepIfRoom(window.localStorage, CACHE_KEY, data.users);
      return data.users;
    },
    initialData: cachedUsers,
    initialDataUpdatedAt: 0,
  });
}

function useUsersUpdate<Vars>(
  request: (vars: Vars) => Promise<PublicUser>,
  optimistic?: (user: PublicUser, vars: Vars) => PublicUser | null,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onMutate: (vars: Vars) => {
      if (!optimistic) return;
      queryClient.setQueryData<PublicUser[]>(['users'], (list) => list?.map((u) => optimistic(u, vars) ?? u));
    },
    onSuccess: (user) => {
      queryClient.setQueryData<PublicUser[]>(['users'], (list) =>
        list?.map((u) => (u._id === user._id ? user : u)),
      );
    },
    // Whatever happened, show what the server now holds.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

export function useUpdateUser() {
  return useUsersUpdate(async ({ id, changes }: { id: string; changes: UpdateUserInput }) => {
    const { data } = await api.put<{ user: PublicUser }>(`users/${id}`, changes);
    return data.user;
  });
}

type PermissionChange = { id: string; module: ModuleKey; enabled: boolean };

export function useUpdatePermission() {
  return useUsersUpdate(
    async ({ id, module, enabled }: PermissionChange) => {
      const { data } = await api.put<{ success: boolean; user: PublicUser; message?: string }>(
        `users/${id}/permissions`,
        { [module]: enabled },
      );
      if (!data.success) throw new Error(data.message);
      return data.user;
    },
    // The checkbox follows the click at once; a refusal is undone when the list is re-read.
    (user, { id, module, enabled }) =>
      user._id === id ? { ...user, permissions: { ...user.permissions, [module]: enabled } } : null,
  );
}
