import { useState } from 'react';
import {
  ENROLLMENT_STATUSES,
  ENROLLMENT_STATUS_LABELS,
  LEFT_REASON_LABELS,
  type Enrollment,
  type EnrollmentStatus,
  type Sequence,
} from '../../../shared/schemas/sequences';
import { Badge } from '../../components/ui/badge';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { OptionSelectField } from '../../components/ui/option-select-field';
import { Pagination } from '../../components/ui/pagination';
import { Spinner } from '../../components/ui/spinner';
import { DataTable, tableHeadClasses } from '../../components/ui/table';
import type { BadgeColor } from '../../lib/badge-color';
import { serverMessage } from '../../lib/api-client';
import { useEnrol, useEnrollments, useLeave } from './sequences-api';

const STATUS_COLOR: Record<EnrollmentStatus, BadgeColor> = {
  active: 'blue',
  completed: 'green',
  left: 'grey',
};
const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-IN') : '—');

function statusText(person: Enrollment) {
  return person.status === 'left' && person.leftReason
    ? `Left: ${LEFT_REASON_LABELS[person.leftReason].toLowerCase()}`
    : ENROLLMENT_STATUS_LABELS[person.status];
}

/** A sequence's people: where each is, who left and why; enrol the list, mark a reply, remove someone. */
export function SequencePeople({ sequence, onBack }: { sequence: Sequence; onBack(): void }) {
  const [query, setQuery] = useState<{ page: number; status?: EnrollmentStatus }>({ page: 1 });
  const people = useEnrollments(sequence.id, query);
  const enrol = useEnrol(sequence.id);
  const leave = useLeave(sequence.id);
  const { counts } = sequence;
  const left = Object.entries(counts.left)
    .filter(([, count]) => count > 0)
    .map(
      ([reason, count]) => `${count} ${LEFT_REASON_LABELS[reason as keyof typeof counts.left].toLowerCase()}`,
    );

  return (
    <section className="space-y-4" aria-label={`People of ${sequence.name}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <Button variant="ghost" size="sm" onClick={onBack}>
            ← All sequences
          </Button>
          <h2 className="mt-1 text-xl font-semibold text-ink">{sequence.name}</h2>
          <p className="text-sm text-muted">
            {sequence.listName} · {counts.active} in the sequence · {counts.completed} completed
            {left.length > 0 && ` · left: ${left.join(', ')}`}
          </p>
        </div>
        <Button
          size="sm"
          disabled={enrol.isPending}
          onClick={() => {
            if (
              window.confirm(
                `Enrol everyone subscribed to "${sequence.listName}"? Each person is enrolled once.`,
              )
            )
              enrol.mutate({ everyone: true });
          }}
        >
          Enrol everyone on the list
        </Button>
      </div>
      {enrol.isSuccess && <Banner tone="success" message={enrol.data.message} />}
      {enrol.isError && <Banner message={serverMessage(enrol.error) ?? 'Could not enrol the list.'} />}
      {leave.isError && <Banner message={serverMessage(leave.error) ?? 'Could not change this person.'} />}
      <div className="sm:w-56">
        <OptionSelectField
          label="Status"
          hideLabel
          size="sm"
          options={[
            { value: '', label: 'Everyone' },
            ...ENROLLMENT_STATUSES.map((value) => ({ value, label: ENROLLMENT_STATUS_LABELS[value] })),
          ]}
          value={query.status ?? ''}
          onChange={(e) =>
            setQuery({ page: 1, status: (e.target.value || undefined) as EnrollmentStatus | undefined })
          }
        />
      </div>
      {people.isPending ? (
        <Spinner label="Loading people" />
      ) : people.isError ? (
        <Banner message={serverMessage(people.error) ?? 'Failed to load the people.'} />
      ) : people.data.enrollments.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line p-8 text-center text-sm text-muted">
          {sequence.trigger === 'subscription'
            ? 'No one yet. People who subscribe to the list from now on enter by themselves.'
            : 'No one yet. Enrol the people of the list to start the drip.'}
        </p>
      ) : (
        <>
          <DataTable caption={`People of ${sequence.name}`} tableClassName="min-w-[48rem]">
            <thead className={tableHeadClasses}>
              <tr>
                <th className="px-4 py-3">E-mail</th>
                <th className="px-4 py-3">Name</th>
                <th className="px-4 py-3">Status</th>
                <th className="px-4 py-3">Steps sent</th>
                <th className="px-4 py-3">Next step</th>
                <th className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {people.data.enrollments.map((person) => (
                <tr key={person.id} className="border-b border-line last:border-0">
                  <td className="px-4 py-3 font-medium text-ink">{person.email}</td>
                  <td className="px-4 py-3">{person.name || '—'}</td>
                  <td className="px-4 py-3">
                    <Badge className="whitespace-nowrap" color={STATUS_COLOR[person.status]}>
                      {statusText(person)}
                    </Badge>
                  </td>
                  <td className="px-4 py-3 tabular-nums">
                    {person.stepsSent} of {sequence.steps.length}
                  </td>
                  <td className="px-4 py-3 text-muted">
                    {person.nextStep ? `Step ${person.nextStep} on ${day(person.nextAt)}` : '—'}
                  </td>
                  <td className="px-4 py-3">
                    {person.status === 'active' && (
                      <div className="flex justify-end gap-2">
                        <Button
                          size="sm"
                          variant="secondary"
                          className="whitespace-nowrap"
                          disabled={leave.isPending}
                          aria-label={`Mark ${person.email} as replied`}
                          onClick={() => leave.mutate({ enrollmentId: person.id, action: 'replied' })}
                        >
                          Mark as replied
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          disabled={leave.isPending}
                          aria-label={`Remove ${person.email} from the sequence`}
                          onClick={() => leave.mutate({ enrollmentId: person.id, action: 'remove' })}
                        >
                          Remove
                        </Button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <Pagination
            label="People pages"
            page={query.page}
            totalPages={people.data.pageInfo.totalPages}
            onPage={(page) => setQuery({ ...query, page })}
          />
        </>
      )}
    </section>
  );
}
