import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { API_KEY_MESSAGES as M } from '../../../shared/messages';
import {
  API_KEY_LIMITS,
  API_KEY_SCOPES,
  API_KEY_SCOPE_INFO,
  createApiKeySchema,
  type ApiKeyScope,
} from '../../../shared/schemas/api-keys';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { serverMessage } from '../../lib/api-client';
import { useCreateApiKey } from './api-keys-api';

/** 'Create API key': a name and at least one scope, checked with the server's own schema first. */
export function CreateApiKeyForm({
  userId,
  onCreated,
  onCancel,
}: {
  userId: string;
  onCreated(name: string, key: string): void;
  onCancel(): void;
}) {
  const create = useCreateApiKey(userId);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [errors, setErrors] = useState<{ name?: string; scopes?: string }>({});
  const nameField = useRef<HTMLInputElement>(null);
  const legendId = useId();
  const scopesErrorId = useId();
  useEffect(() => nameField.current?.focus(), []);

  function toggle(scope: ApiKeyScope, on: boolean) {
    setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = createApiKeySchema.safeParse({ name, scopes });
    if (!parsed.success) {
      const found: { name?: string; scopes?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'name' ? 'name' : 'scopes';
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (answer) => {
        toast.success(M.created(answer.apiKey.name));
        onCreated(answer.apiKey.name, answer.key);
      },
    });
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Create API key"
      className="mt-6 space-y-5 rounded-xl border border-line bg-canvas p-4 sm:p-5"
    >
      <TextField
        ref={nameField}
        label="Name"
        placeholder="e.g. Reporting script"
        autoComplete="off"
        maxLength={API_KEY_LIMITS.nameMax + 20}
        help="Say what uses it, so you know which one to revoke."
        error={errors.name}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <fieldset aria-describedby={errors.scopes ? scopesErrorId : undefined}>
        <legend id={legendId} className="text-sm font-medium text-ink">
          Scopes
        </legend>
        <p className="mt-1 text-xs text-muted">
          The key acts as you and never does more than you may; tick only what it needs.
        </p>
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          {API_KEY_SCOPES.map((scope) => (
            <label
              key={scope}
              className="flex cursor-pointer gap-3 rounded-lg border border-line bg-white p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-200"
            >
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 rounded border-slate-400 accent-brand-600"
                checked={scopes.includes(scope)}
                onChange={(event) => toggle(scope, event.target.checked)}
              />
              <span className="min-w-0">
                <span className="font-medium text-ink">{API_KEY_SCOPE_INFO[scope].label}</span>{' '}
                <code className="font-mono text-xs text-muted">{scope}</code>
                <span className="mt-0.5 block text-xs text-muted">{API_KEY_SCOPE_INFO[scope].text}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.scopes && (
          <p id={scopesErrorId} className="mt-1.5 text-xs font-medium text-red-700">
            {errors.scopes}
          </p>
        )}
      </fieldset>
      {create.isError && <Banner message={serverMessage(create.error) ?? M.createFailed} />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create key'}
        </Button>
      </div>
    </form>
  );
}
