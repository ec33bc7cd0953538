import { api } from '../../lib/api-client';

/** POST /api/workspace-recovery with the deletion e-mail's token → the server's confirmation text. */
export async function recoverWorkspace(token: string): Promise<string> {
  return (await api.post<{ message: string }>('workspace-recovery', { token })).data.message;
}
