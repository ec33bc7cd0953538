import { api } from './api-client';
import type { SubscribeForm } from '../../shared/schemas/mailing-lists';

export async function subscribeForm(formKey: string): Promise<SubscribeForm> {
  return (await api.get<SubscribeForm>(`subscribe/${encodeURIComponent(formKey)}`)).data;
}

export async function subscribe(formKey: string, body: { email: string; name: string }): Promise<string> {
  return (await api.post<{ message: string }>(`subscribe/${encodeURIComponent(formKey)}`, body)).data.message;
}

export async function confirmSubscription(token: string): Promise<string> {
  return (await api.post<{ message: string }>('subscribe/confirm', { token })).data.message;
}
