import { useState } from 'react';
import { Loader2, RotateCcw, Save, Send, Undo2 } from 'lucide-react';
import { toast } from 'sonner';
import { SITE_SETTINGS_MESSAGES as M } from '../../../shared/messages';
import { type SiteSettings } from '../../../shared/site-settings';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { serverMessage } from '../../lib/api-client';
import { ConfirmDialog } from './confirm-dialog';
import { canUndo } from './form-model';
import { useResetSiteDraft, useSiteSettingsHistory, useUndoSitePublish } from './web-settings-api';

type Asking = 'reset' | 'undo' | null;

/** Where the draft stands, in a word. */
function DraftStatus({ dirty, unpublished }: { dirty: boolean; unpublished: boolean }) {
  if (dirty) return <Badge color="amber">Unsaved edits</Badge>;
  if (unpublished) return <Badge color="blue">Draft not published yet</Badge>;
  return <Badge color="green">The site shows this draft</Badge>;
}

/**
 * Save draft, Publish (only when something is unpublished), Undo last publish and Reset to defaults, the
 * last two after a confirmation. Reset and undo replace the draft: the form takes the server's.
 */
export function EditorActions({
  dirty,
  unpublished,
  saving,
  publishing,
  onSave,
  onPublish,
  onReplaced,
}: {
  dirty: boolean;
  unpublished: boolean;
  saving: boolean;
  publishing: boolean;
  onSave(): void;
  onPublish(): void;
  onReplaced(draft: SiteSettings): void;
}) {
  const [asking, setAsking] = useState<Asking>(null);
  const history = useSiteSettingsHistory();
  const reset = useResetSiteDraft();
  const undo = useUndoSitePublish();
  const busy = saving || publishing || reset.isPending || undo.isPending;
  const undoable = canUndo(history.data ?? []);

  const run = (action: typeof reset, message: string) =>
    action.mutate(undefined, {
      onSuccess: (answer) => {
        onReplaced(answer.draft);
        setAsking(null);
        toast.success(message);
      },
      onError: (error) => {
        setAsking(null);
        toast.error(serverMessage(error) ?? 'That did not work. Please try again.');
      },
    });

  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4 shadow-sm sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
      <div className="flex items-center gap-2" aria-live="polite">
        <DraftStatus dirty={dirty} unpublished={unpublished} />
      </div>
      <div className="grid gap-2 sm:flex sm:flex-wrap sm:justify-end">
        <Button variant="ghost" size="sm" disabled={busy} onClick={() => setAsking('reset')}>
          <RotateCcw className="size-4" aria-hidden />
          Reset to defaults
        </Button>
        <Button variant="ghost" size="sm" disabled={busy || !undoable} onClick={() => setAsking('undo')}>
          <Undo2 className="size-4" aria-hidden />
          Undo last publish
        </Button>
        <Button variant="secondary" size="sm" disabled={busy || !dirty} onClick={onSave}>
          {saving ? (
            <Loader2 className="size-4 animate-spin" aria-hidden />
          ) : (
            <Save className="size-4" aria-hidden />
          )}
          Save draft
        </Button>
        <Button size="sm" disabled={busy || !(dirty || unpublished)} onClick={onPublish}>
          {publishing ? (
            <Loader2 className="size-4 animate-spin" aria-hidden />
          ) : (
            <Send className="size-4" aria-hidden />
          )}
          Publish
        </Button>
      </div>
      {asking === 'reset' && (
        <ConfirmDialog
          title="Reset to the default texts?"
          description={
            <>
              The draft goes back to the texts, links and colour the site came with
              {dirty ? ', and your unsaved edits are discarded' : ''}. The public site changes only when you
              publish.
            </>
          }
          confirmLabel="Reset the draft"
          busy={reset.isPending}
          onConfirm={() => run(reset, M.reset)}
          onClose={() => setAsking(null)}
        />
      )}
      {asking === 'undo' && (
        <ConfirmDialog
          title="Undo the last publish?"
          description={
            <>
              The public site goes back at once to how it was before the last publish, and the draft with it
              {dirty ? '; your unsaved edits are discarded' : ''}.
            </>
          }
          confirmLabel="Undo last publish"
          busy={undo.isPending}
          onConfirm={() => run(undo, M.undone)}
          onClose={() => setAsking(null)}
        />
      )}
    </div>
  );
}
