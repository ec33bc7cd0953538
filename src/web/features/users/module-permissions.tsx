import { toast } from 'sonner';
import { grantedModules } from '../../../shared/access';
import { MODULE_KEYS, MODULE_LABELS, type ModuleKey } from '../../../shared/roles';
import { USERS_MESSAGES } from '../../../shared/messages';
import type { PublicUser } from '../../../shared/schemas/public-user';
import { useUpdatePermission } from './users-api';

/** docs/product/users.md#side-panel: the Admin's Module Permissions checklist (x/11); each toggle is saved at once. */
export function ModulePermissions({ user }: { user: PublicUser }) {
  const update = useUpdatePermission();
  const granted = grantedModules(user);
  const locked = user.role === 'Admin';

  const toggle = (module: ModuleKey, enabled: boolean) =>
    update.mutate(
      { id: user._id, module, enabled },
      {
        onSuccess: () => toast.success(USERS_MESSAGES.permissionUpdated),
        onError: () => toast.error(USERS_MESSAGES.permissionUpdateFailed),
      },
    );

  return (
    <fieldset>
      <legend className="flex w-full items-center justify-between text-sm font-semibold">
        Module Permissions
        <span className="text-xs font-medium text-muted" data-testid="permission-count">
          {granted.length}/{MODULE_KEYS.length}
        </span>
      </legend>
      {locked && <p className="mt-1 text-xs text-muted">Admins always have every module.</p>}
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        {MODULE_KEYS.map((key) => (
          <label
            key={key}
            className="flex items-center gap-2 rounded-lg border border-line px-3 py-2 text-sm"
          >
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={granted.includes(key)}
              disabled={locked}
              onChange={(e) => toggle(key, e.target.checked)}
            />
            {MODULE_LABELS[key]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
