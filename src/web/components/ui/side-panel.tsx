import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createFocusTrap } from 'focus-trap';
import { X } from 'lucide-react';
import { cn } from './cn';

/**
 * A right-hand dialog panel: focus moves in on open and stays inside while it is open (Tab wraps; the
 * page behind is modal), Escape and the backdrop close it, and focus goes back where it was.
 */
export function SidePanel({
  title,
  onClose,
  children,
  footer,
  wide = false,
}: {
  title: string;
  /** A wider panel (up to 48rem) for content that needs it, such as a table. */
  wide?: boolean;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const trap = panel.current
      ? createFocusTrap(panel.current, {
          // Focus is already in (above, or a field of the content that takes it first): left where it is.
          initialFocus: false,
          fallbackFocus: panel.current,
          // Escape and the backdrop are this panel's own; a toast or a nested dialog may take clicks.
          escapeDeactivates: false,
          allowOutsideClick: true,
          returnFocusOnDeactivate: false,
        }).activate()
      : null;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      trap?.deactivate();
      previouslyFocused?.focus();
    };
  }, [onClose]);

  return (
    <div className="fixed inset-0 z-50 flex justify-end">
      <div className="absolute inset-0 bg-slate-900/40" onClick={onClose} aria-hidden />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={cn(
          'relative flex h-full w-full flex-col bg-white shadow-2xl outline-none',
          wide ? 'max-w-3xl' : 'max-w-lg',
        )}
      >
        <div className="flex items-center justify-between border-b border-line px-5 py-4">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close panel"
            className="rounded-md p-2 text-muted hover:bg-slate-100 hover:text-ink"
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-5 py-5">{children}</div>
        {footer && <div className="flex justify-end gap-2 border-t border-line px-5 py-4">{footer}</div>}
      </div>
    </div>
  );
}
