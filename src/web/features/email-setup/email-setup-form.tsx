import { useForm, Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import { EMAIL_SETUP_DEFAULTS } from '../../../shared/mail';
import { FORM_MESSAGES, EMAIL_SETUP_MESSAGES as M } from '../../../shared/messages';
import { emailSetupSchema, type EmailSetupInput, type EmailSetupView } from '../../../shared/schemas/mail';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PasswordField, TextField } from '../../components/ui/field';
import { Switch } from '../../components/ui/switch';
import { serverMessage } from '../../lib/api-client';
import { serverFieldErrors } from '../../lib/field-errors';
import { useSaveEmailSetup } from './email-setup-api';

type FormInput = z.input<typeof emailSetupSchema>;

function initialValues(config: EmailSetupView | null): FormInput {
  if (!config)
    return {
      host: EMAIL_SETUP_DEFAULTS.host,
      port: EMAIL_SETUP_DEFAULTS.port,
      secure: EMAIL_SETUP_DEFAULTS.secure,
      auth: { user: EMAIL_SETUP_DEFAULTS.user, pass: '' },
      from: EMAIL_SETUP_DEFAULTS.from,
    };
  // The stored password never comes back: an empty field keeps it.
  return {
    host: config.host,
    port: config.port,
    secure: config.secure,
    auth: { user: config.auth.user, pass: '' },
    from: config.from,
  };
}

const FORM_FIELDS = ['host', 'port', 'auth.user', 'auth.pass', 'from'] as const;
type FormField = (typeof FORM_FIELDS)[number];
const isFormField = (field: string): field is FormField => (FORM_FIELDS as readonly string[]).includes(field);

/**
 * Business Email Setup (docs/product/email.md#business-email-setup): host, port, secure, user, password, sender name; all required. Read-only,
 * with the reason, for whoever may not change it (an unconfirmed account; in the agency workspace without
 * SMTP_URL, anyone but an Admin: its set-up also sends the platform's mail).
 */
export function EmailSetupForm({
  config,
  readOnlyReason = null,
}: {
  config: EmailSetupView | null;
  readOnlyReason?: string | null;
}) {
  const save = useSaveEmailSetup();
  const passwordSet = Boolean(config?.passwordSet);
  const readOnly = readOnlyReason !== null;
  const { register, handleSubmit, control, setError, formState } = useForm<
    FormInput,
    unknown,
    EmailSetupInput
  >({
    resolver: zodResolver(emailSetupSchema),
    defaultValues: initialValues(config),
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit((values) => {
    if (!passwordSet && !values.auth.pass) {
      setError('auth.pass', { message: M.passwordRequired });
      return;
    }
    // The stored password is only kept for the server, port and user it was typed for.
    const moved =
      config &&
      (values.host !== config.host.toLowerCase() ||
        values.port !== config.port ||
        values.auth.user !== config.auth.user);
    if (moved && !values.auth.pass) {
      setError('auth.pass', { message: M.passwordRetype });
      return;
    }
    save.mutate(values, {
      onSuccess: () => toast.success(M.saved),
      onError: (error) => {
        const fields = serverFieldErrors(error).filter((item) => isFormField(item.field));
        for (const item of fields) setError(item.field as FormField, { message: item.message });
        if (fields.length === 0) toast.error(serverMessage(error) ?? M.saveFailed);
      },
    });
  });

  return (
    <Card>
      <h2 className="text-base font-semibold text-ink">SMTP server</h2>
      <p className="mt-1 text-sm text-muted">
        The outgoing mail server of your e-mail provider. All fields are required.
      </p>
      {readOnly && (
        <p role="note" className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-ink">
          {readOnlyReason}
        </p>
      )}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-6" aria-label="SMTP server">
        {/* A disabled fieldset disables every input, the switch and the button inside it at once. */}
        <fieldset disabled={readOnly} className="space-y-5">
          <div className="grid gap-5 sm:grid-cols-[1fr_8rem]">
            <TextField
              label="SMTP Host"
              placeholder="smtp.example.com"
              autoComplete="off"
              spellCheck={false}
              required
              error={errors.host?.message}
              {...register('host')}
            />
            <TextField
              label="Port"
              type="number"
              inputMode="numeric"
              min={1}
              max={65535}
              required
              error={errors.port?.message}
              {...register('port')}
            />
          </div>
          <Controller
            control={control}
            name="secure"
            render={({ field }) => (
              <Switch
                label="Secure connection (SSL/TLS)"
                description="On for port 465. Off for ports 587 and 25, which switch to TLS with STARTTLS."
                checked={Boolean(field.value)}
                onChange={field.onChange}
              />
            )}
          />
          <TextField
            label="SMTP User"
            autoComplete="off"
            spellCheck={false}
            required
            error={errors.auth?.user?.message}
            {...register('auth.user')}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            required={!passwordSet}
            placeholder={passwordSet ? '•••••••• (saved)' : undefined}
            help={
              passwordSet
                ? 'Saved and encrypted. Leave empty to keep it, unless you change the server, port or user.'
                : undefined
            }
            error={errors.auth?.pass?.message}
            {...register('auth.pass')}
          />
          <TextField
            label="Sender Name"
            placeholder="Acme Agency <hello@acme.com>"
            required
            help="The name and address recipients see, e.g. Acme Agency <hello@acme.com>."
            error={errors.from?.message}
            {...register('from')}
          />
          {!readOnly && (
            <div className="flex justify-end border-t border-line pt-5">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? FORM_MESSAGES.saving : 'Save Configuration'}
              </Button>
            </div>
          )}
        </fieldset>
      </form>
    </Card>
  );
}
