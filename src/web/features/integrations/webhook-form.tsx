import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import { WEBHOOK_MESSAGES as M } from '../../../shared/messages';
import { webhookInputSchema, type WebhookCreated } from '../../../shared/schemas/webhooks';
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_INFO } from '../../../shared/webhooks';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { serverMessage } from '../../lib/api-client';
import { serverFieldErrors } from '../../lib/field-errors';
import { useCreateWebhook } from './integrations-api';
import { SecretReveal } from './secret-reveal';

type FormInput = z.input<typeof webhookInputSchema>;
type FormOutput = z.output<typeof webhookInputSchema>;

/**
 * 'Add webhook' (docs/product/integrations.md#webhooks): a URL and the events to send; once created, the
 * signing secret is shown in the same dialog, this once.
 */
export function WebhookFormDialog({ onClose, onCreated }: { onClose(): void; onCreated(id: string): void }) {
  const create = useCreateWebhook();
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  const urlField = useRef<HTMLInputElement | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(webhookInputSchema),
    defaultValues: { url: '', events: ['lead.created'] },
  });
  const errors = formState.errors;
  const { ref: urlRef, ...urlProps } = register('url');

  const onSubmit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (answer) => {
        setCreated(answer);
        onCreated(answer.webhook._id);
      },
      onError: (error) => {
        const fields = serverFieldErrors(error);
        for (const item of fields)
          if (item.field === 'url' || item.field === 'events')
            setError(item.field, { message: item.message });
        if (fields.length === 0) toast.error(serverMessage(error) ?? 'Failed to create the webhook');
      },
    }),
  );

  if (created)
    return (
      <Dialog title="Webhook created" onClose={onClose} footer={<Button onClick={onClose}>Done</Button>}>
        <SecretReveal secret={created.secret} message={M.created} />
      </Dialog>
    );

  return (
    <Dialog
      title="Add webhook"
      description="Events of this workspace are sent to this URL as signed JSON POST requests."
      onClose={onClose}
      busy={create.isPending}
      initialFocus={urlField}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="webhook-form"
            disabled={create.isPending}
            aria-busy={create.isPending || undefined}
          >
            Create webhook
          </Button>
        </>
      }
    >
      <form
        id="webhook-form"
        aria-label="New webhook"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-5"
      >
        <TextField
          label="Endpoint URL"
          type="url"
          inputMode="url"
          placeholder="https://example.com/agencyhq-events"
          autoComplete="off"
          spellCheck={false}
          required
          error={errors.url?.message}
          {...urlProps}
          ref={(element) => {
            urlRef(element);
            urlField.current = element;
          }}
        />
        <fieldset aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
          <legend className="text-sm font-medium text-ink">Events</legend>
          <ul className="mt-2 space-y-2">
            {WEBHOOK_EVENTS.map((event) => (
              <li key={event}>
                <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-line p-3 hover:bg-canvas has-[:checked]:border-brand-200 has-[:checked]:bg-brand-50">
                  <input
                    type="checkbox"
                    value={event}
                    className="mt-0.5 size-4 shrink-0 rounded border-slate-400 accent-brand-600"
                    {...register('events')}
                  />
                  <span className="min-w-0">
                    <span className="block text-sm font-medium text-ink">
                      {WEBHOOK_EVENT_INFO[event].label}
                    </span>
                    <span className="block text-xs text-muted">
                      <code className="font-mono">{event}</code> · {WEBHOOK_EVENT_INFO[event].description}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {errors.events && (
            <p id="webhook-events-error" className="mt-2 text-sm text-red-700">
              {errors.events.message}
            </p>
          )}
        </fieldset>
      </form>
    </Dialog>
  );
}
