import { forwardRef, type SelectHTMLAttributes } from 'react';
import { cn } from './cn';
import { controlClasses, controlErrorClass, FieldShell, useFieldIds, type FieldTexts } from './field-shell';

export interface SelectOption {
  value: string;
  label: string;
}

interface OptionSelectFieldProps
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children' | 'size'>, FieldTexts {
  options: readonly SelectOption[];
  /** Keeps the label for assistive tech only (toolbars whose options say what they filter). */
  hideLabel?: boolean;
  /** 'md' (44 px, forms) or 'sm' (40 px, toolbars). */
  size?: 'sm' | 'md';
}

/** A labelled native select whose option values differ from their labels (ids, enum keys). */
export const OptionSelectField = forwardRef<HTMLSelectElement, OptionSelectFieldProps>(
  function OptionSelectField(
    { label, options, hideLabel, help, error, size = 'md', className, ...select },
    ref,
  ) {
    const ids = useFieldIds({ help, error });
    return (
      <FieldShell
        ids={ids}
        label={label}
        hideLabel={hideLabel}
        help={help}
        error={error}
        className={className}
      >
        <select
          {...ids.controlProps}
          className={cn(controlClasses, 'px-3', size === 'sm' ? 'h-10' : 'h-11', error && controlErrorClass)}
          {...select}
          ref={ref}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </FieldShell>
    );
  },
);
