import { forwardRef } from 'react';
import { TextField } from '../ui/field';

/**
 * The one-time code input: digits from the app (the phone's number pad, the OS's code autofill), or a
 * recovery code when `recovery` is set.
 */
export const CodeField = forwardRef<
  HTMLInputElement,
  { value: string; onChange(value: string): void; error?: string; recovery?: boolean; label?: string }
>(function CodeField({ value, onChange, error, recovery = false, label }, ref) {
  return (
    <TextField
      ref={ref}
      label={label ?? (recovery ? 'Recovery code' : 'Authentication code')}
      name={recovery ? 'recovery-code' : 'one-time-code'}
      autoComplete="one-time-code"
      inputMode={recovery ? 'text' : 'numeric'}
      placeholder={recovery ? 'xxxxx-xxxxx' : '123456'}
      maxLength={recovery ? 11 : 7}
      spellCheck={false}
      autoCapitalize="none"
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
});
