import { useEffect, useState } from 'react';
import { Monitor, Smartphone } from 'lucide-react';
import {
  PREVIEW_WIDTHS,
  type EmailTemplatePreview,
  type EmailTemplatePreviewInput,
} from '../../../shared/schemas/email-templates';
import { Card } from '../../components/ui/card';
import { Tabs } from '../../components/ui/tabs';
import { cn } from '../../components/ui/cn';
import { serverMessage } from '../../lib/api-client';
import { fetchPreview } from './email-templates-api';

/** Typing pauses this long before the server renders the source again. */
const DEBOUNCE_MS = 400;

type Width = keyof typeof PREVIEW_WIDTHS;
type View = 'html' | 'text';
const VIEWS: readonly { key: View; label: string }[] = [
  { key: 'html', label: 'HTML' },
  { key: 'text', label: 'Plain text' },
];

/** The source rendered on the server a moment after typing stops; the last answer stays while the next one comes. */
function useLivePreview(input: EmailTemplatePreviewInput) {
  const [state, setState] = useState<{
    preview: EmailTemplatePreview | null;
    failed: string | null;
    busy: boolean;
  }>({
    preview: null,
    failed: null,
    busy: true,
  });
  const key = JSON.stringify(input);
  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, busy: true }));
    const timer = setTimeout(() => {
      fetchPreview(JSON.parse(key) as EmailTemplatePreviewInput).then(
        (preview) => current && setState({ preview, failed: null, busy: false }),
        (error: unknown) =>
          current &&
          setState((s) => ({
            ...s,
            failed: serverMessage(error) ?? 'The preview could not be made.',
            busy: false,
          })),
      );
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key]);
  return state;
}

/**
 * The live preview: the HTML in a sandboxed frame (sandbox="": no script, no same origin, no forms, no
 * navigation of this page) at a phone's or a desktop's width, the plain-text part in its own tab, and the
 * problems to fix.
 */
export function TemplatePreview({ input }: { input: EmailTemplatePreviewInput }) {
  const { preview, failed, busy } = useLivePreview(input);
  const [width, setWidth] = useState<Width>('desktop');
  const [view, setView] = useState<View>('html');
  const errors = preview?.errors ?? [];

  return (
    <Card className="min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-ink">Preview</h2>
        <div className="flex gap-1" role="group" aria-label="Preview width">
          {(['phone', 'desktop'] as const).map((w) => (
            <button
              key={w}
              type="button"
              aria-pressed={width === w}
              onClick={() => setWidth(w)}
              className={cn(
                'inline-flex h-9 items-center gap-1.5 rounded-lg border px-3 text-sm font-medium',
                width === w
                  ? 'border-brand-600 bg-brand-50 text-brand-700'
                  : 'border-line text-muted hover:text-ink',
              )}
            >
              {w === 'phone' ? (
                <Smartphone className="size-4" aria-hidden />
              ) : (
                <Monitor className="size-4" aria-hidden />
              )}
              {w === 'phone' ? 'Phone' : 'Desktop'}
              <span className="hidden sm:inline">({PREVIEW_WIDTHS[w]} px)</span>
            </button>
          ))}
        </div>
      </div>
      <p className="mt-3 truncate text-sm text-muted" aria-live="polite">
        <span className="font-medium text-ink">Subject:</span> {preview?.subject || '—'}
        {busy && <span className="ml-2 text-xs">Updating…</span>}
      </p>
      {failed && <p className="mt-3 text-sm text-red-700">{failed}</p>}
      {errors.length > 0 && (
        <div className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3" role="alert">
          <p className="text-sm font-semibold text-red-800">Fix these to see the preview:</p>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-red-800">
            {errors.map((e, i) => (
              <li key={i}>{e.message}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-4">
        <Tabs<View> label="Preview parts" tabs={VIEWS} active={view} onChange={(key) => setView(key)}>
          {view === 'html' ? (
            <div className="overflow-x-auto rounded-lg bg-slate-100 p-2">
              <iframe
                title="E-mail preview"
                sandbox=""
                srcDoc={preview?.html ?? ''}
                className="mx-auto block h-[640px] max-w-none rounded bg-white"
                // On a phone the phone preview takes the card's width, which is the phone's own.
                style={{ width: PREVIEW_WIDTHS[width], maxWidth: width === 'phone' ? '100%' : undefined }}
              />
            </div>
          ) : (
            <pre className="max-h-[640px] overflow-auto whitespace-pre-wrap rounded-lg bg-slate-50 p-4 font-mono text-xs text-ink">
              {preview?.text ?? ''}
            </pre>
          )}
        </Tabs>
      </div>
    </Card>
  );
}
