import { Check, Undo2 } from 'lucide-react';
import { toast } from 'sonner';
import { formatMinutes } from '../../../shared/schemas/projects';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { DataTable, tableHeadClasses } from '../../components/ui/table';
import { showDate } from '../../components/projects/project-parts';
import { serverMessage } from '../../lib/api-client';
import { useDecideTime, usePendingApprovals } from '../../lib/time-api';

/** Submitted weeks waiting for the caller's approval (docs/product/projects.md#time). */
export function Approvals() {
  const pending = usePendingApprovals();
  const decide = useDecideTime();
  if (pending.isPending) return <Spinner label="Loading submitted time..." />;
  if (pending.isError)
    return <Banner message={serverMessage(pending.error) ?? 'The submitted time could not be loaded.'} />;
  if (pending.data.length === 0)
    return (
      <p
        className="rounded-2xl border border-dashed border-line bg-white px-6 py-14 text-center text-sm font-medium text-ink"
        role="status"
      >
        No submitted time waits for your approval.
      </p>
    );
  return (
    <DataTable caption="Submitted time waiting for approval" tableClassName="min-w-[40rem]">
      <thead className={tableHeadClasses}>
        <tr>
          <th className="px-4 py-3">Who</th>
          <th className="px-4 py-3">Project</th>
          <th className="px-4 py-3">Week of</th>
          <th className="px-4 py-3">Time</th>
          <th className="px-4 py-3">
            <span className="sr-only">Decision</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {pending.data.map((week) => {
          const name = `${week.user.username}'s week of ${showDate(week.weekStart)} on ${week.project.code}`;
          const act = (action: 'approve' | 'return') =>
            decide.mutate(
              { userId: week.user._id, projectId: week.project._id, weekStart: week.weekStart, action },
              {
                onSuccess: (answer) => toast.success(answer.message),
                onError: (error) => toast.error(serverMessage(error) ?? 'The decision could not be saved.'),
              },
            );
          return (
            <tr
              key={`${week.user._id}-${week.project._id}-${week.weekStart}`}
              className="border-b border-line last:border-0"
            >
              <td className="px-4 py-3 font-medium text-ink">{week.user.username}</td>
              <td className="px-4 py-3 text-muted">
                {week.project.code} {week.project.name}
              </td>
              <td className="px-4 py-3 text-muted">{showDate(week.weekStart)}</td>
              <td className="px-4 py-3">
                {formatMinutes(week.minutes)}{' '}
                <span className="text-xs text-muted">({week.entries} entries)</span>
              </td>
              <td className="space-x-2 whitespace-nowrap px-4 py-3 text-right">
                <Button
                  size="sm"
                  aria-label={`Approve ${name}`}
                  disabled={decide.isPending}
                  onClick={() => act('approve')}
                >
                  <Check className="size-4" aria-hidden /> Approve
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Return ${name}`}
                  disabled={decide.isPending}
                  onClick={() => act('return')}
                >
                  <Undo2 className="size-4" aria-hidden /> Return
                </Button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
