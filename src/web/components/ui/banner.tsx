import { AlertCircle, CheckCircle2 } from 'lucide-react';
import { cn } from './cn';

/** Spec §5: a banner is styled as success when its message contains 'successfully'. */
export function Banner({ message, className }: { message: string; className?: string }) {
  const success = message.includes('successfully');
  const Icon = success ? CheckCircle2 : AlertCircle;
  return (
    <div
      role={success ? 'status' : 'alert'}
      className={cn(
        'flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm',
        success ? 'border-green-200 bg-green-50 text-green-800' : 'border-red-200 bg-red-50 text-red-800',
        className,
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{message}</span>
    </div>
  );
}
