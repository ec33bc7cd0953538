import type { ComponentType } from 'react';
import { DASHBOARD_MESSAGES, SITE_SETTINGS_MESSAGES as M } from '../../../shared/messages';
import type { SectionProps } from '../../lib/section-props';
import { Banner } from '../../components/ui/banner';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/api-client';
import { PublishHistory } from './publish-history';
import { WebSettingsCards } from './web-settings-cards';
import { WebSettingsEditor } from './web-settings-editor';
import { useSiteSettingsEditor } from './web-settings-api';

function AdminEditor({ HomeSections }: { HomeSections: ComponentType }) {
  const editor = useSiteSettingsEditor();
  if (editor.isPending) return <Spinner label={DASHBOARD_MESSAGES.loading} />;
  if (editor.isError)
    return <Banner message={serverMessage(editor.error) ?? 'Failed to load the Web Settings.'} />;
  return (
    <>
      <WebSettingsEditor editor={editor.data} HomeSections={HomeSections} />
      <PublishHistory />
    </>
  );
}

/**
 * Web Settings (docs/product/web-settings.md), made real: the Admin runs the public site from here (identity, contact,
 * home page, footer, navigation; draft, preview, publish, undo). Every other role that may open the
 * section reads why it cannot, above the section's cards.
 */
export function WebSettingsSection({
  user,
  section,
  HomeSections,
}: SectionProps & {
  /** The home page's body, which the editor's preview draws (the app hands it in). */
  HomeSections: ComponentType;
}) {
  const isAdmin = user.role === 'Admin';
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {section.title ?? section.label}
        </h1>
        <p className="mt-1 max-w-3xl text-sm text-muted">
          {isAdmin
            ? 'Your public website without touching code: its name, colour, texts, services and links. Edits stay a draft until you publish them.'
            : 'Technical settings for the public website.'}
        </p>
      </header>
      {isAdmin ? (
        <AdminEditor HomeSections={HomeSections} />
      ) : (
        <>
          <Banner message={M.adminOnly} tone="info" />
          <WebSettingsCards />
        </>
      )}
    </div>
  );
}
