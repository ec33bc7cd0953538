import { useState } from 'react';
import { DASHBOARD_MESSAGES } from '../../../shared/messages';
import type { SectionProps } from '../../lib/section-props';
import { Banner } from '../../components/ui/banner';
import { Spinner } from '../../components/ui/spinner';
import { Tabs } from '../../components/ui/tabs';
import { serverMessage } from '../../lib/api-client';
import { DangerZone } from './danger-zone';
import { GeneralTab } from './general-tab';
import { IntegrationsTab } from './integrations-tab';
import { MembersTab } from './members-tab';
import { ProfileTab } from './profile-tab';
import { SecurityTab } from './security-tab';
import { WORKSPACE_LOAD_FAILED, useWorkspace } from './workspace-api';

const TABS = [
  { key: 'general', label: 'General' },
  { key: 'members', label: 'Members' },
  { key: 'profile', label: 'Profile' },
  { key: 'security', label: 'Security' },
  { key: 'integrations', label: 'Integrations' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** Workspace Settings (docs/product/workspace.md#workspace-settings): five tabs over GET /api/workspace, and a Danger Zone below them. */
export function WorkspaceSection({ user, onLogout }: SectionProps) {
  const [tab, setTab] = useState<TabKey>('general');
  const query = useWorkspace(user._id);

  const needsData = tab === 'general' || tab === 'members';
  let panel;
  if (needsData && query.isPending) panel = <Spinner label={DASHBOARD_MESSAGES.loading} />;
  else if (needsData && query.isError)
    panel = <Banner message={serverMessage(query.error) ?? WORKSPACE_LOAD_FAILED} />;
  else if (tab === 'general' && query.data)
    panel = <GeneralTab user={user} workspace={query.data.workspace} />;
  else if (tab === 'members' && query.data) panel = <MembersTab members={query.data.members} user={user} />;
  else if (tab === 'profile') panel = <ProfileTab user={user} />;
  else if (tab === 'security') panel = <SecurityTab user={user} />;
  else panel = <IntegrationsTab />;

  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Workspace Settings</h1>
        <p className="mt-1 text-sm text-muted">
          {query.data ? query.data.workspace.name : 'Your workspace'}: details, members, security and
          integrations.
        </p>
      </div>
      <Tabs<TabKey> tabs={TABS} active={tab} onChange={setTab} label="Workspace settings">
        {panel}
      </Tabs>
      <DangerZone user={user} workspaceName={query.data?.workspace.name} onLeave={onLogout} />
    </div>
  );
}
