import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';

/** A webhook's signing secret, shown this once: read it, copy it. */
export function SecretReveal({ secret, message }: { secret: string; message: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard
      .writeText(secret)
      .then(() => {
        setCopied(true);
        toast.success('Signing secret copied.');
      })
      .catch(() => toast.error('Could not copy. Select the secret and copy it instead.'));
  return (
    <div className="space-y-3">
      <p
        role="status"
        className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
      >
        {message}
      </p>
      <div>
        <label htmlFor="webhook-secret" className="text-sm font-medium text-ink">
          Signing secret
        </label>
        <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
          <input
            id="webhook-secret"
            readOnly
            value={secret}
            onFocus={(event) => event.currentTarget.select()}
            className="h-11 min-w-0 flex-1 rounded-lg border border-line bg-canvas px-3 font-mono text-sm text-ink"
          />
          <Button variant="secondary" onClick={() => void copy()} className="h-11 shrink-0">
            {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
      </div>
      <p className="text-xs text-muted">
        Check the <code className="font-mono">x-agencyhq-signature</code> header of each delivery with it: an
        HMAC-SHA256 of <code className="font-mono">&lt;t&gt;.&lt;raw body&gt;</code>.
      </p>
    </div>
  );
}
