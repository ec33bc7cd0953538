import { api } from '../../lib/api-client';

/** POST /api/botgit/connect/approve (signed in, Botgit visible): the extension may then claim its key. */
export async function approveBotgitConnection(code: string): Promise<string> {
  return (await api.post<{ success: true; message: string }>('botgit/connect/approve', { code })).data
    .message;
}
