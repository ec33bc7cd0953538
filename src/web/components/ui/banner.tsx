import { AlertCircle, CheckCircle2, Info } from 'lucide-react';
import { cn } from './cn';

type Tone = 'success' | 'error' | 'info';

const TONES: Record<Tone, string> = {
  success: 'border-green-200 bg-green-50 text-green-800',
  error: 'border-red-200 bg-red-50 text-red-800',
  info: 'border-amber-200 bg-amber-50 text-amber-900',
};
const ICONS = { success: CheckCircle2, error: AlertCircle, info: Info } as const;

/**
 * docs/product/README.md#texts: a banner is styled as success when its message contains 'successfully' (otherwise as an
 * error); `tone` overrides that for banners that are neither, such as a status notice.
 */
export function Banner({ message, tone, className }: { message: string; tone?: Tone; className?: string }) {
  const shown = tone ?? (message.includes('successfully') ? 'success' : 'error');
  const Icon = ICONS[shown];
  return (
    <div
      role={shown === 'error' ? 'alert' : 'status'}
      className={cn('flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm', TONES[shown], className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{message}</span>
    </div>
  );
}
