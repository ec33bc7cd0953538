import { useState } from 'react';
import { DASHBOARD_MESSAGES } from '../../../shared/messages';
import {
  SEQUENCE_STATUS_LABELS,
  SEQUENCE_TRIGGER_LABELS,
  type Sequence,
} from '../../../shared/schemas/sequences';
import { Badge } from '../../components/ui/badge';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { DataTable, tableHeadClasses } from '../../components/ui/table';
import { serverMessage } from '../../lib/api-client';
import { SequenceDialog } from './sequence-dialog';
import { SequencePeople } from './sequence-people';
import { useDeleteSequence, useSequenceStatus, useSequences } from './sequences-api';

const leftOf = (sequence: Sequence) => Object.values(sequence.counts.left).reduce((a, b) => a + b, 0);

/** Welcome and drip sequences (docs/product/marketing.md#sequences): the list, the editor, each one's people. */
export function SequencesTab() {
  const sequences = useSequences();
  const remove = useDeleteSequence();
  const status = useSequenceStatus();
  const [editing, setEditing] = useState<Sequence | 'new' | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const open = sequences.data?.find((sequence) => sequence.id === openId);

  if (open) return <SequencePeople sequence={open} onBack={() => setOpenId(null)} />;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">
          A welcome mail on subscription, or a drip of steps days apart. Unsubscribing, converting or replying
          ends it for that person.
        </p>
        <Button onClick={() => setEditing('new')}>New sequence</Button>
      </div>
      {remove.isError && <Banner message={serverMessage(remove.error) ?? 'Could not delete the sequence.'} />}
      {status.isError && <Banner message={serverMessage(status.error) ?? 'Could not change the sequence.'} />}
      {sequences.isPending ? (
        <Spinner label={DASHBOARD_MESSAGES.loading} />
      ) : sequences.isError ? (
        <Banner message={serverMessage(sequences.error) ?? 'Failed to load the sequences.'} />
      ) : sequences.data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line p-8 text-center text-sm text-muted">
          No sequences yet. Make a welcome for new subscribers, or a drip to enrol people in.
        </p>
      ) : (
        <DataTable caption="Sequences" tableClassName="min-w-[56rem]">
          <thead className={tableHeadClasses}>
            <tr>
              <th className="px-4 py-3">Sequence</th>
              <th className="px-4 py-3">Who enters</th>
              <th className="px-4 py-3">Status</th>
              <th className="px-4 py-3 text-right">Steps</th>
              <th className="px-4 py-3 text-right">In it</th>
              <th className="px-4 py-3 text-right">Completed</th>
              <th className="px-4 py-3 text-right">Left</th>
              <th className="px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sequences.data.map((sequence) => (
              <tr key={sequence.id} className="border-b border-line last:border-0">
                <td className="px-4 py-3">
                  <button
                    type="button"
                    className="text-left font-semibold text-brand-700 hover:underline"
                    onClick={() => setOpenId(sequence.id)}
                  >
                    {sequence.name}
                  </button>
                  <p className="text-xs text-muted">{sequence.listName}</p>
                </td>
                <td className="px-4 py-3">{SEQUENCE_TRIGGER_LABELS[sequence.trigger]}</td>
                <td className="px-4 py-3">
                  <Badge color={sequence.status === 'active' ? 'green' : 'amber'}>
                    {SEQUENCE_STATUS_LABELS[sequence.status]}
                  </Badge>
                </td>
                <td className="px-4 py-3 text-right tabular-nums">{sequence.steps.length}</td>
                <td className="px-4 py-3 text-right tabular-nums">{sequence.counts.active}</td>
                <td className="px-4 py-3 text-right tabular-nums">{sequence.counts.completed}</td>
                <td className="px-4 py-3 text-right tabular-nums">{leftOf(sequence)}</td>
                <td className="px-4 py-3">
                  <div className="flex justify-end gap-2">
                    <Button size="sm" variant="secondary" onClick={() => setOpenId(sequence.id)}>
                      People
                    </Button>
                    <Button size="sm" variant="secondary" onClick={() => setEditing(sequence)}>
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      className="whitespace-nowrap"
                      disabled={status.isPending}
                      onClick={() =>
                        status.mutate({
                          id: sequence.id,
                          action: sequence.status === 'active' ? 'pause' : 'resume',
                        })
                      }
                    >
                      {sequence.status === 'active' ? 'Pause' : 'Resume'}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={remove.isPending}
                      onClick={() => {
                        if (window.confirm(`Delete "${sequence.name}" and where each of its people is?`))
                          remove.mutate(sequence.id);
                      }}
                    >
                      Delete
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {editing && (
        <SequenceDialog sequence={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
    </div>
  );
}
