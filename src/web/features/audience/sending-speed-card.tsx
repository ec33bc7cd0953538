import { useEffect, useState, type FormEvent } from 'react';
import { CAMPAIGN_MESSAGES as M, DASHBOARD_MESSAGES } from '../../../shared/messages';
import { CAMPAIGNS as C } from '../../../shared/campaigns';
import { throttleSchema } from '../../../shared/schemas/campaigns';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/api-client';
import { useSaveThrottle, useThrottle } from './campaigns-api';

/** GET/PUT /api/campaigns/settings: how many messages a second and an hour every campaign together may queue. */
export function SendingSpeedCard() {
  const throttle = useThrottle();
  const save = useSaveThrottle();
  const [perSecond, setPerSecond] = useState('');
  const [perHour, setPerHour] = useState('');
  const [errors, setErrors] = useState<{ perSecond?: string; perHour?: string }>({});
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!throttle.data) return;
    setPerSecond(String(throttle.data.perSecond));
    setPerHour(String(throttle.data.perHour));
  }, [throttle.data]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const parsed = throttleSchema.safeParse({
      perSecond: perSecond.trim() || undefined,
      perHour: perHour.trim() || undefined,
    });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues)
        found[issue.path[0] as 'perSecond' | 'perHour'] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    save.mutate(parsed.data, { onSuccess: () => setSaved(true) });
  }

  return (
    <Card className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold text-ink">{M.throttleTitle}</h2>
        <p className="text-sm text-muted">{M.throttleHint}</p>
      </div>
      {throttle.isPending ? (
        <Spinner label={DASHBOARD_MESSAGES.loading} />
      ) : throttle.isError ? (
        <Banner message={serverMessage(throttle.error) ?? M.loadFailed} />
      ) : (
        <form className="space-y-4" onSubmit={submit} noValidate aria-label={M.throttleTitle}>
          {save.isError && <Banner message={serverMessage(save.error) ?? M.actionFailed} />}
          {saved && <Banner tone="success" message={M.throttleSaved} />}
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label="Messages per second"
              type="number"
              inputMode="numeric"
              min={1}
              max={C.perSecondMax}
              value={perSecond}
              error={errors.perSecond}
              onChange={(e) => setPerSecond(e.target.value)}
            />
            <TextField
              label="Messages per hour"
              type="number"
              inputMode="numeric"
              min={1}
              max={C.perHourMax}
              value={perHour}
              error={errors.perHour}
              onChange={(e) => setPerHour(e.target.value)}
            />
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save speed'}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
