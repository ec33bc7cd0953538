import { api } from '../../lib/api-client';

export interface ListUnsubscribeInfo {
  listName: string;
  workspaceName: string;
  /** Partly hidden by the server. */
  email: string;
  unsubscribed: boolean;
}

/** GET /api/unsubscribe?token=… → what the link would do; changes nothing (mail scanners open links). */
export async function listUnsubscribeInfo(token: string): Promise<ListUnsubscribeInfo> {
  return (await api.get<ListUnsubscribeInfo>('unsubscribe', { params: { token } })).data;
}

/** POST /api/unsubscribe {token, everything} → the confirmation. */
export async function unsubscribeFromList(token: string, everything: boolean): Promise<string> {
  return (await api.post<{ message: string }>('unsubscribe', { token, everything })).data.message;
}
