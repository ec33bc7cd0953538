import { isHttpError, serverMessage } from '../../lib/api-client';

/** Why a query failed: the server's message, else "`what` could not be loaded." */
export const loadError = (error: unknown, what: string) =>
  serverMessage(error) ?? `${what} could not be loaded.`;

/** Why a download failed: a refused download carries its reason as a JSON blob. */
export async function downloadError(error: unknown, what: string): Promise<string> {
  const data = isHttpError(error) ? error.response?.data : undefined;
  if (data instanceof Blob)
    try {
      const parsed = JSON.parse(await data.text()) as { message?: unknown };
      if (typeof parsed.message === 'string') return parsed.message;
    } catch {
      // not JSON: the fallback says it
    }
  return `${what} could not be downloaded.`;
}
