import { useRef, useState, type FormEvent } from 'react';
import { Trash2 } from 'lucide-react';
import { WORKSPACE_DELETION_MESSAGES as M } from '../../../shared/messages';
import { WORKSPACE_RECOVERY_DAYS } from '../../../shared/workspace-deletion';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { serverMessage } from '../../lib/api-client';
import { useDeleteWorkspace } from './workspace-deletion-api';

/**
 * 'Delete Workspace' confirmed by typing the workspace's name exactly; the button waits for it. On success
 * the caller is handed the server's message (the session has ended: the caller signs out).
 */
export function DeleteWorkspaceDialog({
  workspaceName,
  onClose,
  onDeleted,
}: {
  workspaceName: string;
  onClose(): void;
  onDeleted(message: string): void;
}) {
  const [typed, setTyped] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const deletion = useDeleteWorkspace();
  const matches = typed === workspaceName;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!matches || deletion.isPending) return;
    deletion.mutate(typed, { onSuccess: (answer) => onDeleted(answer.message) });
  }

  const failure = deletion.isError ? (serverMessage(deletion.error) ?? M.deleteFailed) : '';
  return (
    <Dialog
      title={M.dialogTitle}
      description={M.dialogHelp(WORKSPACE_RECOVERY_DAYS)}
      onClose={onClose}
      initialFocus={field}
      busy={deletion.isPending}
      tone="danger"
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure && <Banner message={failure} />}
        <p className="break-words rounded-lg bg-red-50 px-3 py-2 text-sm font-semibold text-red-900">
          {workspaceName}
        </p>
        <TextField
          ref={field}
          label={M.typeNameLabel(workspaceName)}
          name="confirmName"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={deletion.isPending}>
            {M.cancel}
          </Button>
          <Button type="submit" variant="danger" disabled={!matches || deletion.isPending}>
            <Trash2 className="size-4" aria-hidden />
            {deletion.isPending ? M.deleting : M.confirmButton}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
