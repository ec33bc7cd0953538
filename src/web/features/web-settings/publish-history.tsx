import { History, RotateCcw, Send, Undo2 } from 'lucide-react';
import type { SitePublish } from '../../../shared/schemas/site-settings';
import { Banner } from '../../components/ui/banner';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/api-client';
import { changedInWords } from './form-model';
import { useSiteSettingsHistory } from './web-settings-api';

const ACTIONS: Record<SitePublish['action'], { label: string; icon: typeof Send; tint: string }> = {
  published: { label: 'Published', icon: Send, tint: 'bg-brand-50 text-brand-700' },
  reset: { label: 'Published the default texts', icon: RotateCcw, tint: 'bg-amber-50 text-amber-800' },
  undone: { label: 'Undid a publish', icon: Undo2, tint: 'bg-slate-100 text-slate-700' },
};

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : WHEN.format(date);
};

/** Every publish and undo, newest first: who, when and what it changed. */
export function PublishHistory() {
  const history = useSiteSettingsHistory();
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="flex items-center gap-2 text-base font-semibold text-ink">
        <History className="size-5 text-muted" aria-hidden />
        Publish history
      </h2>
      <div className="mt-4">
        {history.isPending ? (
          <Spinner label="Loading the history..." />
        ) : history.isError ? (
          <Banner message={serverMessage(history.error) ?? 'Could not load the publish history.'} />
        ) : history.data.length === 0 ? (
          <p className="text-sm text-muted">Nothing published yet: the site shows the default texts.</p>
        ) : (
          <ol aria-label="Publishes, newest first" className="divide-y divide-line">
            {history.data.map((entry) => {
              const { label, icon: Icon, tint } = ACTIONS[entry.action];
              return (
                <li key={entry._id} className="flex gap-3 py-3 first:pt-0 last:pb-0">
                  <span className={`grid size-9 shrink-0 place-items-center rounded-lg ${tint}`}>
                    <Icon className="size-4" aria-hidden />
                  </span>
                  <div className="min-w-0 text-sm">
                    <p className="text-ink">
                      <span className="font-semibold">{label}</span>
                      {` by ${entry.publishedBy?.username ?? 'a removed user'}`}
                    </p>
                    <p className="text-xs text-muted">
                      <time dateTime={entry.publishedAt}>{when(entry.publishedAt)}</time>
                    </p>
                    <p className="mt-1 break-words text-muted">{`Changed: ${changedInWords(entry.changed)}`}</p>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </Card>
  );
}
