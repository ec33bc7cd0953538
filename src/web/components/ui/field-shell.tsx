import { useId, type ReactNode } from 'react';

/** The look every text-like control shares (inputs, selects, text areas); each adds its height/padding. */
export const controlClasses =
  'block w-full rounded-lg border border-slate-300 bg-white text-sm text-ink shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 disabled:bg-slate-100';

export const controlErrorClass = 'border-red-500';

export interface FieldTexts {
  label: string;
  help?: ReactNode;
  error?: string;
}

/**
 * Ids tying a control to its label, help and error, and the attributes the control itself needs
 * (`id`, `aria-invalid`, `aria-describedby`) so assistive tech reads all three with it.
 */
export function useFieldIds({ help, error }: Pick<FieldTexts, 'help' | 'error'>) {
  const id = useId();
  const helpId = help ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return {
    id,
    helpId,
    errorId,
    controlProps: {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': [helpId, errorId].filter(Boolean).join(' ') || undefined,
    },
  };
}

interface FieldShellProps extends FieldTexts {
  ids: ReturnType<typeof useFieldIds>;
  /** Keeps the label for assistive tech only (toolbars whose options say what they filter). */
  hideLabel?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label above, help and error below: the frame of every labelled field primitive. */
export function FieldShell({ ids, label, hideLabel, help, error, className, children }: FieldShellProps) {
  return (
    <div className={className}>
      <label htmlFor={ids.id} className={hideLabel ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-ink'}>
        {label}
      </label>
      {children}
      {help && (
        <div id={ids.helpId} className="mt-1.5 text-xs text-muted">
          {help}
        </div>
      )}
      {error && (
        <p id={ids.errorId} className="mt-1.5 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
