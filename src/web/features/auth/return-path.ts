import { BOTGIT_CONNECT } from '../../../shared/api-keys';

/**
 * Where `/login?next=…` may send the user after signing in: back to the Connect Botgit page they came from
 * (docs/product/integrations.md#connect-botgit), and nowhere else, so the parameter opens no redirect.
 */
export function returnPath(next: string | null): string | null {
  if (!next) return null;
  const url = (() => {
    try {
      return new URL(next, 'https://same.origin');
    } catch {
      return null;
    }
  })();
  if (!url || url.origin !== 'https://same.origin' || url.pathname !== BOTGIT_CONNECT.path) return null;
  return `${url.pathname}${url.search}`;
}
