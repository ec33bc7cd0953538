import { Download, Trash2, UserPlus } from 'lucide-react';
import { toast } from 'sonner';
import { BOTGIT_MESSAGES as M } from '../../../shared/messages';
import { Button } from '../../components/ui/button';
import { serverMessage } from '../../lib/api-client';
import { exportProfiles, useAddToLeads, useDeleteProfiles, type ScrapedQuery } from './botgit-api';

/**
 * 'Export and share' (the selected rows, or every row the filters match), 'Add to leads' and Delete
 * (the privacy page promises that profiles can be deleted).
 */
export function ScrapedActions({
  selected,
  filters,
  onDone,
}: {
  selected: string[];
  filters: Omit<ScrapedQuery, 'page'>;
  onDone(): void;
}) {
  const addToLeads = useAddToLeads();
  const remove = useDeleteProfiles();
  const none = selected.length === 0;
  const failed = (error: unknown, fallback: string) => toast.error(serverMessage(error) ?? fallback);

  async function onExport() {
    try {
      await exportProfiles(selected, filters);
      toast.success(M.exported);
    } catch (error) {
      failed(error, 'Failed to export profiles');
    }
  }

  function onDelete() {
    const count = selected.length;
    if (
      !window.confirm(
        `Delete ${count} selected profile${count === 1 ? '' : 's'}? This action cannot be undone.`,
      )
    )
      return;
    remove.mutate(selected, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        onDone();
      },
      onError: (error) => failed(error, 'Failed to delete profiles'),
    });
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" onClick={() => void onExport()}>
        <Download className="size-4" aria-hidden />
        Export and share
      </Button>
      <Button
        variant="secondary"
        size="sm"
        disabled={none || addToLeads.isPending}
        onClick={() =>
          addToLeads.mutate(selected, {
            onSuccess: (answer) => {
              // Possible duplicates of leads were left out (docs/product/leads.md#duplicates): a warning, not a plain success.
              if (answer.possibleDuplicates > 0) toast.warning(answer.message);
              else toast.success(answer.message);
              onDone();
            },
            onError: (error) => failed(error, 'Failed to add profiles to leads'),
          })
        }
      >
        <UserPlus className="size-4" aria-hidden />
        Add to leads
      </Button>
      <Button variant="ghost" size="sm" disabled={none || remove.isPending} onClick={onDelete}>
        <Trash2 className="size-4" aria-hidden />
        Delete
      </Button>
    </div>
  );
}
