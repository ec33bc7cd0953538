import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createFocusTrap } from 'focus-trap';
import { X } from 'lucide-react';
import { cn } from './cn';

/**
 * A centred modal dialog: labelled by its title and described by its description, focus moves in on open
 * (to `initialFocus`, else the dialog itself) and stays inside while open (Tab wraps; the page behind is
 * modal), Escape and the backdrop close it unless `busy`, and focus goes back where it was.
 */
export function Dialog({
  title,
  description,
  onClose,
  children,
  footer,
  initialFocus,
  busy = false,
  tone = 'default',
  size = 'md',
}: {
  title: string;
  description?: ReactNode;
  onClose(): void;
  children?: ReactNode;
  footer?: ReactNode;
  /** The control that takes focus first (a field to type in); the dialog itself otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** While work is in flight the dialog stays open: Escape, the backdrop and the close button wait. */
  busy?: boolean;
  /** 'danger' marks the dialog of an action that cannot be undone lightly. */
  tone?: 'default' | 'danger';
  /** 'lg' for content side by side (two columns to compare). */
  size?: 'md' | 'lg';
}) {
  const titleId = useId();
  const descriptionId = useId();
  const box = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  const blocked = useRef(busy);
  useEffect(() => {
    close.current = onClose;
    blocked.current = busy;
  });

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const element = box.current;
    if (!element) return;
    (initialFocus?.current ?? element).focus();
    const trap = createFocusTrap(element, {
      initialFocus: false,
      fallbackFocus: element,
      // Escape is handled below (it must wait while busy); a toast may take clicks outside.
      escapeDeactivates: false,
      allowOutsideClick: true,
      returnFocusOnDeactivate: false,
    }).activate();
    // Captured, and stopped there: a dialog opened from a side panel closes alone, not the panel with it.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      if (!blocked.current) close.current();
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      trap.deactivate();
      previouslyFocused?.focus();
    };
    // Opened once: the latest onClose and busy are read through refs.
  }, [initialFocus]);

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-6">
      <div className="absolute inset-0 bg-slate-900/50" onClick={() => !busy && onClose()} aria-hidden />
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cn(
          'relative flex max-h-[90vh] w-full flex-col rounded-t-2xl bg-white shadow-2xl outline-none sm:rounded-2xl',
          size === 'lg' ? 'max-w-2xl' : 'max-w-lg',
        )}
      >
        <div className="flex items-start justify-between gap-4 px-5 pt-5 sm:px-6 sm:pt-6">
          <h2
            id={titleId}
            className={cn('text-lg font-semibold', tone === 'danger' ? 'text-red-800' : 'text-ink')}
          >
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            disabled={busy}
            aria-label="Close dialog"
            className="-mr-2 -mt-1 rounded-md p-2 text-muted hover:bg-slate-100 hover:text-ink disabled:opacity-50"
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-5 pb-5 pt-2 sm:px-6">
          {description && (
            <div id={descriptionId} className="text-sm text-muted">
              {description}
            </div>
          )}
          {children && <div className={description ? 'mt-4' : undefined}>{children}</div>}
        </div>
        {footer && (
          <div className="flex flex-col-reverse gap-2 border-t border-line px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
            {footer}
          </div>
        )}
      </div>
    </div>
  );
}
