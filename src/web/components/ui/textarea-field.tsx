import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn';
import { controlClasses, controlErrorClass, FieldShell, useFieldIds, type FieldTexts } from './field-shell';

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & FieldTexts;

/** A labelled multi-line input in the look of TextField; the label, help and error are tied to it. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, help, error, className, ...textarea },
  ref,
) {
  const ids = useFieldIds({ help, error });
  return (
    <FieldShell ids={ids} label={label} help={help} error={error} className={className}>
      <textarea
        {...ids.controlProps}
        className={cn(controlClasses, 'min-h-24 px-3 py-2.5', error && controlErrorClass)}
        {...textarea}
        ref={ref}
      />
    </FieldShell>
  );
});
