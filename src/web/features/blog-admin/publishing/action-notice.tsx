import { forwardRef, useId, type ReactNode } from 'react';
import { AlertTriangle, Info } from 'lucide-react';
import { cn } from '../../../components/ui/cn';

// The tints of the shared Banner (components/ui/banner.tsx), so these notices read as the same family.
const TONES = {
  warning: 'border-red-200 bg-red-50 text-red-800',
  info: 'border-amber-200 bg-amber-50 text-amber-900',
} as const;
const ICONS = { warning: AlertTriangle, info: Info } as const;

/**
 * A Banner that asks for a choice: its message with buttons under it. `role` says how urgent it is
 * (alertdialog for a save that cannot go through as it is, region for an offer); the message labels it.
 */
export const ActionNotice = forwardRef<
  HTMLDivElement,
  { message: string; tone: keyof typeof TONES; role: 'alertdialog' | 'region'; children: ReactNode }
>(function ActionNotice({ message, tone, role, children }, ref) {
  const messageId = useId();
  const Icon = ICONS[tone];
  return (
    <div
      ref={ref}
      role={role}
      aria-labelledby={messageId}
      tabIndex={-1}
      className={cn(
        'rounded-lg border px-3 py-2.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
        TONES[tone],
      )}
    >
      <div className="flex items-start gap-2">
        <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p id={messageId}>{message}</p>
      </div>
      <div className="mt-2.5 flex flex-col gap-2 pl-6 sm:flex-row sm:flex-wrap">{children}</div>
    </div>
  );
});
