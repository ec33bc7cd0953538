import type { ReactNode } from 'react';
import { get, useFormContext, useWatch, type FieldPathByValue } from 'react-hook-form';
import type { SiteSettings } from '../../../shared/site-settings';
import { TextField } from '../../components/ui/field';
import { TextAreaField } from '../../components/ui/textarea-field';

export type TextPath = FieldPathByValue<SiteSettings, string>;

/** The message of the field's error (the form's own check or the server's), if any. */
export function useFieldError(name: string): string | undefined {
  const { formState } = useFormContext<SiteSettings>();
  return (get(formState.errors, name) as { message?: string } | undefined)?.message;
}

/**
 * A labelled plain-text field of the settings with its character count 'x/limit' under it; the limit is
 * the server's, so the browser stops typing there. Shows the form's or the server's error for it.
 */
export function CountedField({
  name,
  label,
  limit,
  rows,
  help,
  required,
  type = 'text',
  placeholder,
  autoComplete = 'off',
}: {
  name: TextPath;
  label: string;
  limit: number;
  /** A text area of this many rows instead of a one-line input. */
  rows?: number;
  help?: ReactNode;
  required?: boolean;
  type?: 'text' | 'email' | 'tel' | 'url';
  placeholder?: string;
  autoComplete?: string;
}) {
  const { register, control } = useFormContext<SiteSettings>();
  const value = useWatch({ control, name }) ?? '';
  const error = useFieldError(name);
  const counter = (
    <span className="flex justify-between gap-3">
      <span className="min-w-0">{help}</span>
      <span className="shrink-0 tabular-nums">{`${value.length}/${limit}`}</span>
    </span>
  );
  const common = {
    label,
    help: counter,
    error,
    maxLength: limit,
    required,
    placeholder,
    autoComplete,
    spellCheck: type === 'text' ? undefined : false,
    ...register(name),
  };
  return rows ? <TextAreaField rows={rows} {...common} /> : <TextField type={type} {...common} />;
}
