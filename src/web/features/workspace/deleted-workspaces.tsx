import { useId } from 'react';
import { toast } from 'sonner';
import { RotateCcw } from 'lucide-react';
import { WORKSPACE_DELETION_MESSAGES as M } from '../../../shared/messages';
import { formatIndianNumber } from '../../../shared/text';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/api-client';
import { useDeletedWorkspaces, useRecoverDeletedWorkspace } from './workspace-deletion-api';

const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const day = (iso: string) => new Date(iso).toLocaleDateString('en-IN', DATE);

/** The Admin's list of deleted workspaces that can still be recovered (agency Danger Zone), each with 'Recover'. */
export function DeletedWorkspaces() {
  const headingId = useId();
  const list = useDeletedWorkspaces(true);
  const recover = useRecoverDeletedWorkspace();

  function onRecover(id: string) {
    recover.mutate(id, {
      onSuccess: (message) => toast.success(message),
      onError: (error) => toast.error(serverMessage(error) ?? M.recoverFailed),
    });
  }

  let body;
  if (list.isPending) body = <Spinner label="Loading deleted workspaces..." />;
  else if (list.isError) body = <Banner message={serverMessage(list.error) ?? M.recoverFailed} />;
  else if (list.data.length === 0) body = <p className="text-sm text-muted">{M.deletedListEmpty}</p>;
  else
    body = (
      <ul
        aria-label={M.deletedListTitle}
        className="divide-y divide-line rounded-2xl border border-line bg-white shadow-sm"
      >
        {list.data.map((workspace) => (
          <li
            key={workspace._id}
            className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <p className="break-words text-sm font-semibold text-ink">{workspace.name}</p>
              <dl className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-xs text-muted">
                <div className="flex gap-1">
                  <dt className="font-medium">{M.columns.deletedAt}</dt>
                  <dd>
                    <time dateTime={workspace.deletedAt}>{day(workspace.deletedAt)}</time>
                  </dd>
                </div>
                <div className="flex gap-1">
                  <dt className="font-medium">{M.columns.purgeAfter}</dt>
                  <dd>
                    <time dateTime={workspace.purgeAfter}>{day(workspace.purgeAfter)}</time>
                  </dd>
                </div>
                <div className="flex gap-1">
                  <dt className="font-medium">{M.columns.members}</dt>
                  <dd className="tabular-nums">{formatIndianNumber(workspace.memberCount)}</dd>
                </div>
              </dl>
            </div>
            <Button
              size="sm"
              variant="secondary"
              className="self-start sm:shrink-0 sm:self-center"
              disabled={recover.isPending && recover.variables === workspace._id}
              aria-label={`${M.recover} ${workspace.name}`}
              onClick={() => onRecover(workspace._id)}
            >
              <RotateCcw className="size-4" aria-hidden />
              {M.recover}
            </Button>
          </li>
        ))}
      </ul>
    );

  return (
    <section aria-labelledby={headingId} className="pt-4">
      <h3 id={headingId} className="mb-3 text-sm font-semibold text-ink">
        {M.deletedListTitle}
      </h3>
      {body}
    </section>
  );
}
