import { storage } from '../../../lib/storage';
import { API_BASE } from '../../../lib/api-instance';
import { fitsKeepalive } from './autosave-model';

/**
 * PUT /api/blogs/{id}/autosave as the page goes away (tab hidden or closed). axios cannot ask for
 * keepalive, which lets the request outlive the page; it carries the same bearer token as the client.
 * Resolves with `savedAt`, or rejects when the server refused it or could not be reached.
 */
export async function sendAutosaveNow(postId: string, body: string): Promise<string> {
  const token = storage.getToken();
  const response = await fetch(`${API_BASE}blogs/${encodeURIComponent(postId)}/autosave`, {
    method: 'PUT',
    keepalive: fitsKeepalive(body),
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body,
  });
  // Shaped like an axios error, so the retry rule (isRetryable) reads its status the same way.
  if (!response.ok)
    throw Object.assign(new Error(`Autosave answered ${response.status}`), {
      isAxiosError: true,
      response: { status: response.status },
    });
  return ((await response.json()) as { savedAt: string }).savedAt;
}
