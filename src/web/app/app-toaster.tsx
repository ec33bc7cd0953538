import { useEffect, useState } from 'react';
import { TOAST } from '../../shared/constants';

type Sonner = typeof import('sonner');

/**
 * The app's toasts, with sonner loaded once the page is live rather than with it: its code (a tenth of a
 * public page's script) and the stylesheet it inserts as it loads were paid by every visitor at start,
 * for toasts that only ever answer an action (docs/architecture.md#budgets).
 */
export function AppToaster() {
  const [sonner, setSonner] = useState<Sonner | null>(null);

  useEffect(() => {
    let current = true;
    void import('sonner').then((module) => {
      if (current) setSonner(module);
    });
    return () => {
      current = false;
    };
  }, []);

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
