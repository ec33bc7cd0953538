import { createHash, randomBytes } from 'node:crypto';
import type { ApiKeyScope } from '../../../src/shared/api-keys';
import type { TestApp } from './test-app';

/** Creates a key through the API as `headers`' user and fails loudly unless the answer is 201. */
export async function createKey(
  t: TestApp,
  headers: { authorization: string },
  scopes: readonly ApiKeyScope[],
  name = `Key ${scopes.join(' ')}`,
): Promise<{ id: string; key: string; headers: { authorization: string } }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers,
    payload: { name, scopes },
  });
  if (response.statusCode !== 201) throw new Error(`create key: ${response.statusCode} ${response.body}`);
  const { apiKey, key } = response.json();
  return { id: apiKey._id, key, headers: { authorization: `Bearer ${key}` } };
}

/** A PKCE pair as the extension makes it: a random verifier and its S256 challenge. */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}
