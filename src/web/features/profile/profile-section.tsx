import { useState } from 'react';
import type { SectionProps } from '../../lib/section-props';
import { Card } from '../../components/ui/card';
import { ActiveSessions } from '../../components/sessions/active-sessions';
import { TwoFactorSettings } from '../../components/two-factor/two-factor-settings';
import { AccountActions } from './account-actions';
import { ProfileDetails } from './profile-details';
import { ProfileForm } from './profile-form';
import { ProfileInfoCards } from './profile-info-cards';
import { RestrictedNotice } from '../../components/profile/restricted-notice';

/** Profile Settings (docs/product/users.md#profile-settings): picture, details with an edit mode, informational cards, account actions. */
export function ProfileSection({ user, onLogout }: SectionProps) {
  const [editing, setEditing] = useState(false);
  const [wasEditing, setWasEditing] = useState(false);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Profile Settings</h1>
        <p className="mt-1 text-sm text-muted">Your photo and the details your team sees.</p>
      </div>
      {user.role === 'User' && <RestrictedNotice />}

      <Card>
        {editing ? (
          <ProfileForm
            user={user}
            onDone={() => {
              setEditing(false);
              setWasEditing(true);
            }}
          />
        ) : (
          <ProfileDetails user={user} onEdit={() => setEditing(true)} focusEdit={wasEditing} />
        )}
      </Card>

      <ProfileInfoCards />
      <Card role="region" aria-labelledby="profile-two-factor">
        <h2 id="profile-two-factor" className="text-base font-semibold text-ink">
          Two-factor sign-in
        </h2>
        <div className="mt-3 text-sm text-muted">
          <TwoFactorSettings />
        </div>
      </Card>
      <ActiveSessions withIcon={false} />
      <AccountActions user={user} onLogout={onLogout} />
    </div>
  );
}
