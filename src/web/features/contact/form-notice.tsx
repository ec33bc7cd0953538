import { AlertCircle, CheckCircle2 } from 'lucide-react';

export interface Notice {
  tone: 'success' | 'error';
  text: string;
}

/**
 * The form's outcome. The live region is always in the page, so a screen reader hears each new text;
 * errors are also announced assertively.
 */
export function FormNotice({ notice }: { notice: Notice | null }) {
  const Icon = notice?.tone === 'success' ? CheckCircle2 : AlertCircle;
  return (
    <div aria-live="polite" aria-atomic="true">
      {notice && (
        <p
          role={notice.tone === 'error' ? 'alert' : undefined}
          className={
            notice.tone === 'success'
              ? 'flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 px-3 py-2.5 text-sm font-medium text-green-800'
              : 'flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm font-medium text-red-800'
          }
        >
          <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
          {notice.text}
        </p>
      )}
    </div>
  );
}
