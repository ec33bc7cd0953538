import { useState } from 'react';
import { KeyRound, Plus } from 'lucide-react';
import { toast } from 'sonner';
import { API_KEY_MESSAGES as M } from '../../../shared/messages';
import { API_KEY_SCOPE_INFO, type ApiKeyView } from '../../../shared/schemas/api-keys';
import { Badge } from '../../components/ui/badge';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/api-client';
import { timeAgoInSentence } from '../../lib/time-ago';
import { useApiKeys, useRevokeApiKey } from './api-keys-api';
import { CreateApiKeyForm } from './create-api-key-form';
import { NewKeyNotice } from './new-key-notice';

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * The workspace's API keys (docs/product/integrations.md#api-keys), for its Admin or Business Admin: the
 * list with scopes, first characters and last use; Create API key, whose key is shown once; Revoke, after
 * a confirmation.
 */
export function ApiKeysPanel({ userId }: { userId: string }) {
  const keys = useApiKeys(userId);
  const revoke = useRevokeApiKey(userId);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const list = keys.data?.apiKeys ?? [];

  function confirmRevoke() {
    if (!revoking) return;
    revoke.mutate(revoking._id, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        setRevoking(null);
      },
      onError: (error) => toast.error(serverMessage(error) ?? M.notFound),
    });
  }

  return (
    <Card className="p-5 sm:p-6" aria-labelledby="api-keys-heading" role="region">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 gap-4">
          <span className="h-fit shrink-0 rounded-xl bg-brand-50 p-2.5 text-brand-700">
            <KeyRound className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <h2 id="api-keys-heading" className="text-base font-semibold text-ink">
              {M.title}
            </h2>
            <p className="mt-1 text-sm text-muted">{M.intro}</p>
          </div>
        </div>
        {!creating && (
          <Button
            className="shrink-0"
            onClick={() => {
              setCreated(null);
              setCreating(true);
            }}
            disabled={keys.data !== undefined && list.length >= keys.data.limit}
          >
            <Plus className="size-4" aria-hidden />
            Create API key
          </Button>
        )}
      </div>

      {created && <NewKeyNotice name={created.name} apiKey={created.key} onDone={() => setCreated(null)} />}
      {creating && (
        <CreateApiKeyForm
          userId={userId}
          onCancel={() => setCreating(false)}
          onCreated={(name, key) => {
            setCreating(false);
            setCreated({ name, key });
          }}
        />
      )}

      <div className="mt-6">
        {keys.isPending ? (
          <Spinner label="Loading API keys..." />
        ) : keys.isError ? (
          <Banner message={serverMessage(keys.error) ?? M.loadFailed} />
        ) : list.length === 0 ? (
          <p className="rounded-lg border border-dashed border-line px-4 py-6 text-center text-sm text-muted">
            {M.empty}
          </p>
        ) : (
          <ul className="divide-y divide-line rounded-xl border border-line" aria-label="API keys">
            {list.map((key) => (
              <li
                key={key._id}
                data-testid="api-key-row"
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between"
              >
                <div className="min-w-0 space-y-2">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <h3 className="break-words text-sm font-semibold text-ink">{key.name}</h3>
                    <code className="rounded bg-canvas px-1.5 py-0.5 font-mono text-xs text-muted">
                      {key.prefix}…
                    </code>
                  </div>
                  <ul className="flex flex-wrap gap-1.5" aria-label={`Scopes of ${key.name}`}>
                    {key.scopes.map((scope) => (
                      <li key={scope}>
                        <Badge color={scope.endsWith(':write') ? 'amber' : 'blue'}>
                          {API_KEY_SCOPE_INFO[scope].label}
                        </Badge>
                      </li>
                    ))}
                  </ul>
                  <p className="text-xs text-muted">
                    Created {dateOf(key.createdAt)}
                    {key.createdBy ? ` by ${key.createdBy.name}` : ''} ·{' '}
                    {key.lastUsedAt
                      ? `Last used ${timeAgoInSentence(key.lastUsedAt)}${key.lastUsedIp ? ` from ${key.lastUsedIp}` : ''}`
                      : M.neverUsed}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="secondary"
                  className="shrink-0 self-start text-red-700"
                  onClick={() => setRevoking(key)}
                  aria-label={`Revoke API key ${key.name}`}
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>

      {revoking && (
        <Dialog
          title={M.revokeTitle(revoking.name)}
          description={M.revokeText}
          tone="danger"
          busy={revoke.isPending}
          onClose={() => setRevoking(null)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setRevoking(null)} disabled={revoke.isPending}>
                Cancel
              </Button>
              <Button variant="danger" onClick={confirmRevoke} disabled={revoke.isPending}>
                {revoke.isPending ? 'Revoking...' : 'Revoke key'}
              </Button>
            </>
          }
        />
      )}
    </Card>
  );
}
