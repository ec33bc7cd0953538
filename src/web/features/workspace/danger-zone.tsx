import { useId, useState } from 'react';
import { toast } from 'sonner';
import { LogOut, Trash2 } from 'lucide-react';
import type { PublicUser } from '../../../shared/schemas/public-user';
import { WORKSPACE_DELETION_MESSAGES as M } from '../../../shared/messages';
import { AGENCY_WORKSPACE_ID, WORKSPACE_RECOVERY_DAYS } from '../../../shared/workspace-deletion';
import { Button } from '../../components/ui/button';
import { DeleteWorkspaceDialog } from './delete-workspace-dialog';
import { DeletedWorkspaces } from './deleted-workspaces';

/**
 * Danger Zone (docs/product/workspace.md#danger-zone): 'Leave Workspace' signs out; 'Delete Workspace' deletes the workspace
 * for its Business Admin or an Admin once its name is typed, never the agency's own. In the agency's
 * workspace an Admin sees the deleted workspaces that can still be recovered.
 */
export function DangerZone({
  user,
  workspaceName,
  onLeave,
}: {
  user: PublicUser;
  /** Known once the workspace has loaded; deleting waits for it. */
  workspaceName: string | undefined;
  onLeave(): void;
}) {
  const headingId = useId();
  const deleteHintId = useId();
  const [confirming, setConfirming] = useState(false);
  const isAgency = user.workspaceId === AGENCY_WORKSPACE_ID;
  const mayDelete = !isAgency && (user.role === 'Admin' || user.role === 'Business Admin');
  const hint = isAgency ? M.agencyHint : mayDelete ? M.available(WORKSPACE_RECOVERY_DAYS) : M.roleHint;

  function onDeleted(message: string) {
    setConfirming(false);
    toast.success(message);
    // Every session of the workspace ended with it, this one too.
    onLeave();
  }

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-red-200 bg-red-50/50 p-6">
      <h2 id={headingId} className="text-base font-semibold text-red-800">
        Danger Zone
      </h2>
      <div className="mt-4 divide-y divide-red-200">
        <div className="flex flex-col gap-3 pb-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="text-sm font-semibold text-ink">Leave Workspace</p>
            <p className="text-sm text-muted">Sign out of this workspace on this device.</p>
          </div>
          <Button variant="secondary" onClick={onLeave} className="sm:shrink-0">
            <LogOut className="size-4" aria-hidden />
            Leave Workspace
          </Button>
        </div>
        <div className="flex flex-col gap-3 py-4 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="text-sm font-semibold text-ink">Delete Workspace</p>
            <p id={deleteHintId} className="text-sm text-muted">
              {hint}
            </p>
          </div>
          <Button
            variant="danger"
            disabled={!mayDelete || !workspaceName}
            aria-describedby={deleteHintId}
            aria-haspopup="dialog"
            onClick={() => setConfirming(true)}
            className="sm:shrink-0"
          >
            <Trash2 className="size-4" aria-hidden />
            Delete Workspace
          </Button>
        </div>
        {isAgency && user.role === 'Admin' && <DeletedWorkspaces />}
      </div>
      {confirming && workspaceName && (
        <DeleteWorkspaceDialog
          workspaceName={workspaceName}
          onClose={() => setConfirming(false)}
          onDeleted={onDeleted}
        />
      )}
    </section>
  );
}
