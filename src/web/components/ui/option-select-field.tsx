import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cn } from './cn';

const selectClasses =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-ink shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 disabled:bg-slate-100';

export interface SelectOption {
  value: string;
  label: string;
}

interface OptionSelectFieldProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | 'children' | 'size'
> {
  label: string;
  options: readonly SelectOption[];
  /** Keeps the label for assistive tech only (toolbars whose options say what they filter). */
  hideLabel?: boolean;
  help?: ReactNode;
  error?: string;
  /** 'md' (44 px, forms) or 'sm' (40 px, toolbars). */
  size?: 'sm' | 'md';
}

/** A labelled native select whose option values differ from their labels (ids, enum keys). */
export const OptionSelectField = forwardRef<HTMLSelectElement, OptionSelectFieldProps>(
  function OptionSelectField(
    { label, options, hideLabel, help, error, size = 'md', className, ...select },
    ref,
  ) {
    const id = useId();
    const helpId = help ? `${id}-help` : undefined;
    const errorId = error ? `${id}-error` : undefined;
    return (
      <div className={className}>
        <label htmlFor={id} className={hideLabel ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-ink'}>
          {label}
        </label>
        <select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={[helpId, errorId].filter(Boolean).join(' ') || undefined}
          className={cn(selectClasses, size === 'sm' ? 'h-10' : 'h-11', error ? 'border-red-500' : undefined)}
          {...select}
          ref={ref}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {help && (
          <div id={helpId} className="mt-1.5 text-xs text-muted">
            {help}
          </div>
        )}
        {error && (
          <p id={errorId} className="mt-1.5 text-xs font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  },
);
