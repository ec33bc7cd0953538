import { Copy, Download } from 'lucide-react';
import { toast } from 'sonner';
import { TWO_FACTOR_MESSAGES } from '../../../shared/messages';
import { Button } from '../ui/button';

/** The recovery codes, shown once: copy or download them, then say they are kept. */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel = 'I have saved them',
}: {
  codes: string[];
  onDone(): void;
  doneLabel?: string;
}) {
  const text = codes.join('\n');
  function download() {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), {
      href: url,
      download: 'agencyhq-recovery-codes.txt',
    });
    link.click();
    URL.revokeObjectURL(url);
  }
  return (
    <section aria-labelledby="recovery-codes-title" className="space-y-3">
      <h3 id="recovery-codes-title" className="text-sm font-semibold text-ink">
        {TWO_FACTOR_MESSAGES.recoveryCodesTitle}
      </h3>
      <p className="text-sm text-muted">{TWO_FACTOR_MESSAGES.recoveryCodesHelp}</p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-lg border border-line bg-canvas p-3 font-mono text-sm text-ink"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            navigator.clipboard
              .writeText(text)
              .then(() => toast.success('Recovery codes copied.'))
              .catch(() => toast.error('Could not copy. Select the codes and copy them instead.'))
          }
        >
          <Copy className="size-4" aria-hidden />
          Copy
        </Button>
        <Button variant="secondary" size="sm" onClick={download}>
          <Download className="size-4" aria-hidden />
          Download
        </Button>
        <Button size="sm" onClick={onDone}>
          {doneLabel}
        </Button>
      </div>
    </section>
  );
}
