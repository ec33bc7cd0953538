import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import type { SessionView } from '../../shared/schemas/sessions';

export const sessionsKey = ['sessions'] as const;

/** GET /api/sessions: where the account is signed in (docs/product/auth.md#sessions-on-the-server), this session marked `current`. */
export function useActiveSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async () => (await api.get<{ sessions: SessionView[] }>('sessions')).data.sessions,
  });
}

/** DELETE /api/sessions/:id: signs that device out. */
export async function endSession(id: string): Promise<string> {
  return (await api.delete<{ message: string }>(`sessions/${encodeURIComponent(id)}`)).data.message;
}

/**
 * POST /api/sessions/end-others: every session but this one ("Sign out everywhere else"), and with
 * `revokeCredentialsSince` the API keys and webhooks the account made since then.
 */
export async function endOtherSessions(revokeCredentialsSince?: string): Promise<string> {
  return (
    await api.post<{ message: string; ended: number }>(
      'sessions/end-others',
      revokeCredentialsSince ? { revokeCredentialsSince } : {},
    )
  ).data.message;
}
