import { useState, type ReactNode } from 'react';
import { History, KeyRound, Lock, ShieldCheck, type LucideIcon } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { Switch } from '../../components/ui/switch';
import { EncryptionStatusList } from './encryption-status';

const AUDIT_LOG = [
  { action: 'Workspace settings updated', when: 'Today' },
  { action: 'A member changed their password', when: 'Yesterday' },
  { action: 'Module permissions reviewed', when: '3 days ago' },
];

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
 * Spec §2 Security: access control, two-factor, encryption, audit logs. The encryption status is read from
 * the server's running configuration (issue 17); the two-factor switch is kept on this screen only.
 */
export function SecurityTab() {
  const [twoFactor, setTwoFactor] = useState(false);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <SecurityCard icon={ShieldCheck} title="Access control">
        <p>
          Each member sees only the modules their role and permissions allow. Admins manage roles in Users &
          Roles.
        </p>
      </SecurityCard>
      <SecurityCard icon={KeyRound} title="Two-factor authentication">
        <Switch
          label="Require two-factor sign-in"
          description={twoFactor ? 'On for this workspace' : 'Off for this workspace'}
          checked={twoFactor}
          onChange={setTwoFactor}
        />
      </SecurityCard>
      <SecurityCard icon={Lock} title="Encryption">
        <EncryptionStatusList />
      </SecurityCard>
      <SecurityCard icon={History} title="Audit logs">
        <ul className="divide-y divide-line">
          {AUDIT_LOG.map((entry) => (
            <li key={entry.action} className="flex items-center justify-between gap-3 py-2">
              <span className="text-ink">{entry.action}</span>
              <span className="shrink-0 text-xs">{entry.when}</span>
            </li>
          ))}
        </ul>
      </SecurityCard>
    </div>
  );
}
