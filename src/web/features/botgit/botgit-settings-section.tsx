import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { BOTGIT_DEFAULTS, BOTGIT_LIMITS as L } from '../../../shared/botgit';
import { DASHBOARD_MESSAGES, FORM_MESSAGES, BOTGIT_MESSAGES as M } from '../../../shared/messages';
import { botgitSettingsSchema, type BotgitSettings } from '../../../shared/schemas/botgit';
import type { SectionProps } from '../../lib/section-props';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Checkbox, TextField } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { Switch } from '../../components/ui/switch';
import { serverMessage } from '../../lib/api-client';
import { useBotgitSettings, useSaveBotgitSettings } from './botgit-api';

type FormInput = z.input<typeof botgitSettingsSchema>;

function SettingsForm({ settings }: { settings: BotgitSettings }) {
  const save = useSaveBotgitSettings();
  const { register, handleSubmit, control, formState } = useForm<FormInput, unknown, BotgitSettings>({
    resolver: zodResolver(botgitSettingsSchema),
    defaultValues: settings,
  });
  const errors = formState.errors;
  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => toast.error(serverMessage(error) ?? M.settingsSaveFailed),
    }),
  );

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="Botgit settings"
      className="space-y-6"
    >
      <Card className="space-y-6">
        <Controller
          control={control}
          name="autoScrape"
          render={({ field }) => (
            <Switch
              label="Automatic scraping"
              description="Save each profile page you open, without a click. Botgit never opens pages by itself."
              checked={Boolean(field.value)}
              onChange={field.onChange}
            />
          )}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Interval (hours)"
            type="number"
            inputMode="numeric"
            min={L.intervalMin}
            max={L.intervalMax}
            help={`${L.intervalMin} to ${L.intervalMax} hours. Default ${BOTGIT_DEFAULTS.scrapeInterval}.`}
            error={errors.scrapeInterval?.message}
            {...register('scrapeInterval')}
          />
          <TextField
            label="Maximum profiles"
            type="number"
            inputMode="numeric"
            min={L.maxProfilesMin}
            max={L.maxProfilesMax}
            help={`New profiles per interval, ${L.maxProfilesMin} to ${L.maxProfilesMax}. More are refused.`}
            error={errors.maxProfiles?.message}
            {...register('maxProfiles')}
          />
        </div>
        <fieldset className="space-y-3">
          <legend className="mb-1 text-sm font-medium text-ink">What Botgit saves and tells you</legend>
          <Checkbox label="Save e-mails" {...register('saveEmails')} />
          <Checkbox label="Save phones" {...register('savePhones')} />
          <Checkbox label="Notify on completion" {...register('notifyOnComplete')} />
        </fieldset>
      </Card>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? FORM_MESSAGES.saving : FORM_MESSAGES.saveChanges}
        </Button>
      </div>
    </form>
  );
}

/** Botgit Settings (docs/product/botgit.md#botgit-settings), stored on the server and read by the extension. */
export function BotgitSettingsSection({ section }: SectionProps) {
  const settings = useBotgitSettings();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {section.title ?? section.label}
        </h1>
        <p className="mt-1 text-sm text-muted">
          For everyone in your workspace. The browser extension reads these settings, and the server enforces
          them: fields switched off are not stored, and new profiles beyond the maximum per interval are
          refused. What the extension collects is in the{' '}
          <Link to="/botgit-privacy" className="font-medium text-brand-700 underline">
            Botgit privacy policy
          </Link>
          .
        </p>
      </header>
      {settings.isPending ? (
        <Spinner label={DASHBOARD_MESSAGES.loading} />
      ) : settings.isError ? (
        <Banner message={serverMessage(settings.error) ?? 'Failed to load Botgit settings.'} />
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </div>
  );
}
