import { useId } from 'react';
import { SESSION_MESSAGES as M } from '../../../shared/messages';
import { cn } from '../ui/cn';

/** The choice the control holds: off, or how far back (ms) to revoke. */
export interface RevokeSince {
  on: boolean;
  ms: number;
}

export const REVOKE_SINCE_DEFAULT: RevokeSince = { on: false, ms: M.revokeChoices[1].ms };

/** The ISO time to send as `revokeCredentialsSince`, or undefined when the box is not ticked. */
export function revokeSinceIso(choice: RevokeSince): string | undefined {
  return choice.on ? new Date(Date.now() - choice.ms).toISOString() : undefined;
}

/**
 * "Also revoke the API keys and webhooks I made in the last …" (docs/security.md#lasting-credentials): the
 * box and the span offered by "Sign out everywhere else" and by the password reset page.
 */
export function RevokeSinceControl({
  value,
  onChange,
  disabled = false,
  className,
}: {
  value: RevokeSince;
  onChange(next: RevokeSince): void;
  disabled?: boolean;
  className?: string;
}) {
  const boxId = useId();
  return (
    <div className={cn('flex flex-wrap items-center gap-2 text-sm text-ink', className)}>
      <input
        id={boxId}
        type="checkbox"
        className="size-4 rounded border-line text-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        checked={value.on}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, on: event.target.checked })}
      />
      <label htmlFor={boxId}>{M.revokeToo}</label>
      <select
        aria-label="How far back to revoke"
        className="h-9 rounded-lg border border-line bg-white px-2 text-sm text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60"
        value={value.ms}
        disabled={disabled || !value.on}
        onChange={(event) => onChange({ ...value, ms: Number(event.target.value) })}
      >
        {M.revokeChoices.map((choice) => (
          <option key={choice.ms} value={choice.ms}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
