import { useId } from 'react';
import { Copy, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { BlogPreviewLink } from '../../../../shared/schemas/blog-publishing';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { controlClasses } from '../../../components/ui/field-shell';
import { copyText } from '../../../lib/copy-text';
import { formatDateTime } from './publish-time';

/** Local texts of the Copy button. */
const COPIED = 'Preview link copied.';
const NOT_COPIED = 'Could not copy: select the link and copy it.';

/** One live preview link: its address to copy, who made it and when, and Revoke. */
export function PreviewLinkItem({
  preview,
  revoking,
  onRevoke,
}: {
  preview: BlogPreviewLink;
  revoking: boolean;
  onRevoke(preview: BlogPreviewLink): void;
}) {
  const inputId = useId();
  const created = formatDateTime(preview.createdAt);
  const copy = async () => {
    if (await copyText(preview.url)) toast.success(COPIED);
    else toast.error(NOT_COPIED);
  };

  return (
    <li className="rounded-lg border border-line p-3">
      <label htmlFor={inputId} className="sr-only">
        {`Preview link created ${created}`}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          readOnly
          value={preview.url}
          onFocus={(e) => e.currentTarget.select()}
          className={cn(controlClasses, 'h-9 min-w-0 flex-1 px-3 font-mono text-xs')}
        />
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Copy preview link created ${created}`}
          onClick={() => void copy()}
        >
          <Copy className="size-4" aria-hidden />
          Copy
        </Button>
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted">
          Created by {preview.createdBy.username} · <time dateTime={preview.createdAt}>{created}</time>
        </p>
        <Button
          size="sm"
          variant="ghost"
          disabled={revoking}
          aria-label={`Revoke preview link created ${created}`}
          onClick={() => onRevoke(preview)}
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
        >
          <Trash2 className="size-4" aria-hidden />
          Revoke
        </Button>
      </div>
    </li>
  );
}
