import { useQuery } from '@tanstack/react-query';
import type { EncryptionStatus } from '../../../shared/schemas/security';
import { api, serverMessage } from '../../lib/api-client';
import { Badge } from '../../components/ui/badge';
import { encryptionRows } from './encryption-rows';
import { Spinner } from '../../components/ui/spinner';

/** GET /api/security/encryption: read from the running configuration, never a fixed picture. */
function useEncryptionStatus() {
  return useQuery({
    queryKey: ['security', 'encryption'],
    queryFn: async () => (await api.get<EncryptionStatus>('security/encryption')).data,
    staleTime: 5 * 60_000,
  });
}

export function EncryptionStatusList() {
  const status = useEncryptionStatus();
  if (status.isPending) return <Spinner label="Reading the encryption status..." />;
  if (status.isError)
    return <p role="alert">{serverMessage(status.error) ?? 'Could not read the encryption status.'}</p>;
  return (
    <dl className="divide-y divide-line" aria-label="Encryption status">
      {encryptionRows(status.data).map((row) => (
        <div key={row.what} className="py-2">
          <dt className="flex flex-wrap items-center gap-2 font-medium text-ink">
            {row.what}
            <Badge color={row.tone}>{row.state}</Badge>
          </dt>
          <dd className="mt-0.5 text-xs">{row.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
