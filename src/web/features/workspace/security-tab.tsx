import type { ReactNode } from 'react';
import { KeyRound, Lock, ShieldCheck, type LucideIcon } from 'lucide-react';
import { Card } from '../../components/ui/card';
import type { PublicUser } from '../../../shared/schemas/public-user';
import { TwoFactorPolicy } from '../../components/two-factor/two-factor-policy';
import { TwoFactorSettings } from '../../components/two-factor/two-factor-settings';
import { ActiveSessions } from '../../components/sessions/active-sessions';
import { EncryptionStatusList } from './encryption-status';
import { AuditLogCard } from './audit/audit-log-card';

function SecurityCard({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-sm font-semibold text-ink">
        <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
          <Icon className="size-4" aria-hidden />
        </span>
        {title}
      </h2>
      <div className="mt-3 text-sm text-muted">{children}</div>
    </Card>
  );
}

/**
 * Security (docs/product/workspace.md#security-tab): access control, two-factor, encryption, audit logs. The encryption status is read from
 * the server's running configuration, and two-factor sign-in is real (docs/product/auth.md#two-factor-sign-in).
 */
export function SecurityTab({ user }: { user: PublicUser }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <SecurityCard icon={ShieldCheck} title="Access control">
        <p>
          Each member sees only the modules their role and permissions allow. Admins manage roles in Users &
          Roles.
        </p>
      </SecurityCard>
      <SecurityCard icon={KeyRound} title="Two-factor authentication">
        <div className="space-y-4">
          <TwoFactorSettings />
          {(user.role === 'Admin' || user.role === 'Business Admin') && (
            <div className="border-t border-line pt-4">
              <TwoFactorPolicy />
            </div>
          )}
        </div>
      </SecurityCard>
      <ActiveSessions className="md:col-span-2" />
      <SecurityCard icon={Lock} title="Encryption">
        <EncryptionStatusList />
      </SecurityCard>
      <AuditLogCard user={user} />
    </div>
  );
}
