import { useEffect, useRef, useState } from 'react';
import { AlertTriangle, Check, Copy } from 'lucide-react';
import { toast } from 'sonner';
import { API_KEY_MESSAGES as M } from '../../../shared/messages';
import { Button } from '../../components/ui/button';
import { copyText } from '../../lib/copy-text';

/** A new key, shown this once (docs/product/integrations.md#api-keys): the key, a copy button and the warning. */
export function NewKeyNotice({ name, apiKey, onDone }: { name: string; apiKey: string; onDone(): void }) {
  const [copied, setCopied] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);

  async function copy() {
    if (await copyText(apiKey)) {
      setCopied(true);
      toast.success(M.copied);
    } else toast.error('Copy the key by selecting it.');
  }

  return (
    <div
      ref={box}
      tabIndex={-1}
      role="status"
      aria-labelledby="new-api-key-title"
      className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 outline-none sm:p-5"
    >
      <p id="new-api-key-title" className="flex items-start gap-2 text-sm font-semibold text-amber-900">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          Your new API key “{name}”. {M.shownOnce}
        </span>
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          data-testid="new-api-key"
          className="min-w-0 flex-1 select-all break-all rounded-lg bg-white px-3 py-2 font-mono text-sm text-ink ring-1 ring-amber-200"
        >
          {apiKey}
        </code>
        <Button variant="secondary" className="shrink-0" onClick={() => void copy()}>
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? 'Copied' : 'Copy key'}
        </Button>
      </div>
      <div className="mt-3 flex justify-end">
        <Button size="sm" variant="ghost" onClick={onDone}>
          I have copied it
        </Button>
      </div>
    </div>
  );
}
