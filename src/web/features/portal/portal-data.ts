import { useCallback, useEffect, useState } from 'react';
import { PortalError } from './portal-api';

export type Loaded<T> =
  { kind: 'loading' } | { kind: 'ready'; data: T } | { kind: 'error'; status: number; message: string };

/** One portal read, run on mount and when `key` changes; `reload` runs it again (after a write). */
export function usePortalData<T>(key: string, read: () => Promise<T>) {
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    read().then(
      (data) => live && setState({ kind: 'ready', data }),
      (error: unknown) =>
        live &&
        setState({
          kind: 'error',
          status: error instanceof PortalError ? error.status : 0,
          message: error instanceof Error ? error.message : 'Something went wrong.',
        }),
    );
    return () => {
      live = false;
    };
    // `read` is a new function each render; the key says what it reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { state, reload };
}

/** A day (YYYY-MM-DD) as people read it: 5 Jan 2026. */
export const dayText = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** A moment as people read it, in their own time zone. */
export const momentText = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export const sizeText = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
