import { useEffect, useState, type FormEvent } from 'react';
import { PORTAL_NOTICE_MESSAGES as M } from '../../../shared/messages';
import { PORTAL_NOTICE_KINDS } from '../../../shared/portal-notifications';
import type { PortalNotificationSettings as Settings } from '../../../shared/schemas/portal-notifications';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { portalNotificationSettings, savePortalNotificationSettings } from './portal-notifications-api';

/**
 * The card 'E-mail notifications' on the portal's home (docs/product/portal.md#notifications): a box per
 * kind, saved together.
 */
export function PortalNotificationSettings() {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ message: string; tone: 'success' | 'error' } | null>(null);

  useEffect(() => {
    let live = true;
    portalNotificationSettings().then(
      (loaded) => live && setSettings(loaded),
      () => live && setAnswer({ message: M.settingsLoadFailed, tone: 'error' }),
    );
    return () => {
      live = false;
    };
  }, []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!settings) return;
    setBusy(true);
    setAnswer(null);
    try {
      const saved = await savePortalNotificationSettings(settings);
      setSettings(saved.notifications);
      setAnswer({ message: saved.message, tone: 'success' });
    } catch (caught) {
      setAnswer({ message: caught instanceof Error ? caught.message : M.settingsConflict, tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <h2 className="text-lg font-semibold text-ink">{M.settingsTitle}</h2>
      <p className="mt-1 text-sm text-muted">{M.settingsIntro}</p>
      {answer && (
        <div className="mt-4">
          <Banner message={answer.message} tone={answer.tone} />
        </div>
      )}
      {settings ? (
        <form onSubmit={onSubmit} className="mt-4 space-y-4" aria-label={M.settingsTitle}>
          <fieldset className="space-y-3">
            <legend className="sr-only">{M.settingsTitle}</legend>
            {PORTAL_NOTICE_KINDS.map((kind) => (
              <Checkbox
                key={kind}
                name={kind}
                label={M.kindLabel[kind]}
                checked={settings[kind]}
                onChange={(event) => setSettings({ ...settings, [kind]: event.target.checked })}
              />
            ))}
          </fieldset>
          <Button type="submit" disabled={busy}>
            {busy ? M.settingsSaving : M.settingsSave}
          </Button>
        </form>
      ) : (
        !answer && (
          <div className="mt-4">
            <Spinner label={M.settingsTitle} />
          </div>
        )
      )}
    </Card>
  );
}
