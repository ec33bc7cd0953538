import { useEffect, useState } from 'react';
import { TOAST } from '../../shared/constants';
import { useSession } from '../lib/session';

type Sonner = typeof import('sonner');

/** What a visitor does first, before any toast can answer it. */
const FIRST_INPUT = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;
/** Loaded all the same this long after the page, should something toast without being asked. */
const IDLE_LOAD_MS = 5000;

/**
 * The app's toasts, with sonner loaded once needed rather than with the page: its code (a tenth of a
 * public page's script) and the stylesheet it inserts as it loads were paid by every visitor at start, for
 * toasts that only ever answer an action (docs/architecture.md#budgets). A signed-in session loads it at
 * once; a visitor's page at the first press, key or focus (or after a few idle seconds).
 */
export function AppToaster() {
  const { status } = useSession();
  const [sonner, setSonner] = useState<Sonner | null>(null);

  useEffect(() => {
    if (sonner) return;
    let current = true;
    const stopWaiting = () => {
      for (const type of FIRST_INPUT) window.removeEventListener(type, load, true);
      window.clearTimeout(timer);
    };
    function load() {
      stopWaiting();
      void import('sonner').then((module) => {
        if (current) setSonner(module);
      });
    }
    const timer = window.setTimeout(load, IDLE_LOAD_MS);
    if (status === 'signed-in') load();
    else
      for (const type of FIRST_INPUT) window.addEventListener(type, load, { capture: true, passive: true });
    return () => {
      current = false;
      stopWaiting();
    };
  }, [status, sonner]);

  // A toast raised before the Toaster listened (sonner keeps them all) is raised again under its own id,
  // so it shows now; the Toaster's own effect, a child's, has subscribed by the time this one runs.
  useEffect(() => {
    if (!sonner) return;
    const { toast } = sonner;
    for (const shown of toast.getToasts()) {
      if ('dismiss' in shown) continue;
      const { title, type, ...rest } = shown;
      const raise =
        type === 'success' || type === 'error' || type === 'info' || type === 'warning' || type === 'loading'
          ? toast[type]
          : toast.message;
      raise(title, rest);
    }
  }, [sonner]);

  if (!sonner) return null;
  const { Toaster } = sonner;
  return (
    <Toaster
      position={TOAST.appPosition}
      offset={{ top: TOAST.appTopOffsetPx }}
      mobileOffset={{ top: TOAST.appTopOffsetPx }}
      duration={TOAST.durationMs}
      visibleToasts={TOAST.visibleToasts}
      gap={TOAST.gap}
      hotkey={[...TOAST.hotkey]}
      richColors
      closeButton
    />
  );
}
