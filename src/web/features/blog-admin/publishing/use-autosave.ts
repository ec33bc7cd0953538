import { useCallback, useEffect, useRef, useState } from 'react';
import { PUBLISHING_LIMITS } from '../../../../shared/blog';
import type { BlogDraftFields } from '../../../../shared/schemas/blog-publishing';
import { autosaveBody, isRetryable } from './autosave-model';
import { sendAutosaveNow } from './autosave-keepalive';
import { useDiscardAutosave, useSaveAutosave } from './blog-publishing-api';
import { removeLocalCopy, writeLocalCopy } from './local-draft-store';

export type AutosaveState =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; savedAt: string } | { kind: 'failed' };

/** The browser copy follows typing closely (a crash loses at most this much); the server's waits a pause. */
const LOCAL_DELAY_MS = 300;
const RETRY_MS = 5_000;

/**
 * Autosave of an existing post's edits (docs/product/blog.md#autosave). Nothing is saved until the fields differ from the
 * post as loaded. The browser copy is written ~300 ms after each change, the server copy after a pause
 * in typing, and both at once when the page is hidden or closed (keepalive) or the editor closes.
 * `pause` holds it while the form itself saves; `finish` ends it after a save went through.
 */
export function useAutosave(postId: string | null, baseVersion: number | undefined, fields: BlogDraftFields) {
  const [state, setState] = useState<AutosaveState>({ kind: 'idle' });
  const key = JSON.stringify(fields);
  const latest = useRef({ fields, baseVersion, key });
  const sentKey = useRef(key); // what the server holds (at first: the post itself)
  const localKey = useRef(key);
  const paused = useRef(false);
  const inFlight = useRef<Promise<unknown> | null>(null);
  const retry = useRef<number | undefined>(undefined);
  const putCopy = useSaveAutosave(postId).mutateAsync;
  const deleteCopy = useDiscardAutosave(postId).mutateAsync;

  useEffect(() => {
    latest.current = { fields, baseVersion, key };
  });

  const writeLocal = useCallback(() => {
    const { fields, baseVersion, key } = latest.current;
    if (!postId || baseVersion === undefined || paused.current || key === localKey.current) return;
    writeLocalCopy(postId, fields, baseVersion);
    localKey.current = key;
  }, [postId]);

  const send = useCallback(
    async (leavingPage = false): Promise<void> => {
      const { fields, baseVersion, key } = latest.current;
      if (!postId || baseVersion === undefined || paused.current || key === sentKey.current) return;
      // One request at a time, so an older copy never lands after a newer one (but a closing page can't wait).
      if (inFlight.current && !leavingPage) {
        await inFlight.current.catch(() => undefined);
        return send();
      }
      window.clearTimeout(retry.current);
      setState({ kind: 'saving' });
      const request = leavingPage
        ? sendAutosaveNow(postId, autosaveBody(fields, baseVersion))
        : putCopy({ fields, baseVersion });
      inFlight.current = request;
      try {
        const savedAt = await request;
        sentKey.current = key;
        if (!paused.current) setState({ kind: 'saved', savedAt });
      } catch (error) {
        if (paused.current) return;
        setState({ kind: 'failed' });
        if (isRetryable(error)) retry.current = window.setTimeout(() => void send(), RETRY_MS);
      } finally {
        if (inFlight.current === request) inFlight.current = null;
      }
    },
    [postId, putCopy],
  );

  // Every change: the browser copy soon, the server copy after the writer pauses.
  useEffect(() => {
    if (!postId || (key === localKey.current && key === sentKey.current)) return;
    const local = window.setTimeout(writeLocal, LOCAL_DELAY_MS);
    const remote = window.setTimeout(() => void send(), PUBLISHING_LIMITS.autosaveDelayMs);
    return () => {
      window.clearTimeout(local);
      window.clearTimeout(remote);
    };
  }, [postId, key, writeLocal, send]);

  // Leaving: the tab hidden or closed, or the editor closed (Cancel) — nothing typed is left unsent.
  useEffect(() => {
    if (!postId) return;
    const flush = () => {
      writeLocal();
      void send(true);
    };
    const onVisibility = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      window.clearTimeout(retry.current);
      flush();
    };
  }, [postId, writeLocal, send]);

  /** These fields are now what the post says (a reload, a restore): nothing of them needs saving. */
  const reset = useCallback((next: BlogDraftFields) => {
    sentKey.current = localKey.current = JSON.stringify(next);
    window.clearTimeout(retry.current);
    setState({ kind: 'idle' });
  }, []);

  /** Drops both copies (Discard, Reload the post) and starts again from `next`. */
  const discard = useCallback(
    (next: BlogDraftFields) => {
      if (!postId) return;
      removeLocalCopy(postId);
      reset(next);
      void deleteCopy().catch(() => undefined); // a copy left behind is only offered again
    },
    [postId, reset, deleteCopy],
  );

  /** Holds autosave while the form saves, once the request already on its way has landed. */
  const pause = useCallback(async () => {
    paused.current = true;
    window.clearTimeout(retry.current);
    await inFlight.current?.catch(() => undefined);
  }, []);

  const resume = useCallback(() => {
    paused.current = false;
    writeLocal();
    void send();
  }, [writeLocal, send]);

  /** The form saved: the server dropped its copy, the browser drops its own, and nothing is sent after. */
  const finish = useCallback(() => {
    paused.current = true;
    if (postId) removeLocalCopy(postId);
  }, [postId]);

  return { state, reset, discard, pause, resume, finish };
}
