import { useId } from 'react';
import { LogOut } from 'lucide-react';
import { roleBadgeColor } from '../../lib/role-display';
import type { PublicUser } from '../../../shared/schemas/public-user';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

/** docs/product/users.md#profile-settings: who is signed in (username, else e-mail) and their role, with a Logout button. */
export function AccountActions({ user, onLogout }: { user: PublicUser; onLogout(): void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Card className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-ink">
            Account Actions
          </h2>
          <p className="mt-1 break-all text-sm text-muted">
            Signed in as <span className="font-semibold text-ink">{user.username || user.email}</span>
          </p>
          <Badge color={roleBadgeColor(user.role)} className="mt-2">
            {user.role}
          </Badge>
        </div>
        <Button variant="secondary" onClick={onLogout} className="sm:shrink-0">
          <LogOut className="size-4" aria-hidden />
          Logout
        </Button>
      </Card>
    </section>
  );
}
