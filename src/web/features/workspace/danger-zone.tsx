import { useId } from 'react';
import { LogOut, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';

/** Spec §2 Danger Zone: 'Leave Workspace' signs out; deleting is not available yet. */
export function DangerZone({ onLeave }: { onLeave(): void }) {
  const headingId = useId();
  const deleteHintId = useId();
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
        <div className="flex flex-col gap-3 pt-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="text-sm font-semibold text-ink">Delete Workspace</p>
            <p id={deleteHintId} className="text-sm text-muted">
              Not available yet. Contact support to delete a workspace.
            </p>
          </div>
          <Button variant="danger" disabled aria-describedby={deleteHintId} className="sm:shrink-0">
            <Trash2 className="size-4" aria-hidden />
            Delete Workspace
          </Button>
        </div>
      </div>
    </section>
  );
}
