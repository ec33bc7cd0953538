import { useState, type FormEvent } from 'react';
import {
  SEQUENCES as S,
  SEQUENCE_TRIGGERS,
  SEQUENCE_TRIGGER_LABELS,
  type Sequence,
  type SequenceTrigger,
} from '../../../shared/schemas/sequences';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { OptionSelectField } from '../../components/ui/option-select-field';
import { serverMessage } from '../../lib/api-client';
import { useMailingLists } from './audience-api';
import { useSaveSequence, useTemplateChoices } from './sequences-api';

interface StepDraft {
  key: number;
  templateId: string;
  delayDays: string;
}

const enrolledCount = (sequence: Sequence) =>
  sequence.counts.active +
  sequence.counts.completed +
  Object.values(sequence.counts.left).reduce((a, b) => a + b, 0);

let keys = 0;
const newStep = (templateId = '', delayDays = '0'): StepDraft => ({
  key: (keys += 1),
  templateId,
  delayDays,
});

/** Create or edit a sequence: its name, list, trigger, and its steps (a template and the days to wait). */
export function SequenceDialog({ sequence, onClose }: { sequence?: Sequence; onClose(): void }) {
  const save = useSaveSequence();
  const lists = useMailingLists();
  const templates = useTemplateChoices();
  const [name, setName] = useState(sequence?.name ?? '');
  const [listId, setListId] = useState(sequence?.listId ?? '');
  const [trigger, setTrigger] = useState<SequenceTrigger>(sequence?.trigger ?? 'subscription');
  const [steps, setSteps] = useState<StepDraft[]>(
    sequence?.steps.map((step) => newStep(step.templateId ?? '', String(step.delayDays))) ?? [newStep()],
  );

  const listOptions = [
    { value: '', label: 'Choose a list' },
    ...(lists.data ?? []).map((list) => ({ value: list.id, label: list.name })),
  ];
  const templateOptions = [
    { value: '', label: 'Choose a template' },
    ...(templates.data ?? []).map((template) => ({ value: template._id, label: template.name })),
  ];
  const change = (key: number, patch: Partial<StepDraft>) =>
    setSteps(steps.map((step) => (step.key === key ? { ...step, ...patch } : step)));

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      {
        id: sequence?.id,
        body: {
          name,
          listId,
          trigger,
          steps: steps.map((step) => ({ templateId: step.templateId, delayDays: Number(step.delayDays) })),
        },
      },
      { onSuccess: onClose },
    );
  }

  return (
    <Dialog
      title={sequence ? 'Edit sequence' : 'New sequence'}
      description="Each step is sent the given number of days after the one before; people leave when they unsubscribe, convert or reply."
      onClose={onClose}
      busy={save.isPending}
    >
      <form className="space-y-4" onSubmit={submit}>
        {save.isError && <Banner message={serverMessage(save.error) ?? 'The sequence could not be saved.'} />}
        <TextField
          label="Name"
          value={name}
          maxLength={S.nameMax}
          required
          onChange={(e) => setName(e.target.value)}
        />
        <OptionSelectField
          label="List"
          help={sequence && enrolledCount(sequence) > 0 ? 'Fixed once people are enrolled.' : undefined}
          options={listOptions}
          value={listId}
          required
          onChange={(e) => setListId(e.target.value)}
        />
        <OptionSelectField
          label="Who enters"
          help={
            trigger === 'subscription'
              ? 'Everyone who subscribes to the list from now on: by the form, an import or by hand.'
              : 'Only people you enrol from the sequence’s people page.'
          }
          options={SEQUENCE_TRIGGERS.map((value) => ({ value, label: SEQUENCE_TRIGGER_LABELS[value] }))}
          value={trigger}
          onChange={(e) => setTrigger(e.target.value as SequenceTrigger)}
        />
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-ink">Steps</legend>
          {templates.isSuccess && templates.data.length === 0 && (
            <Banner tone="info" message="No templates yet: make one in Email Templates first." />
          )}
          <ol className="space-y-3">
            {steps.map((step, index) => (
              <li
                key={step.key}
                className="grid gap-3 rounded-xl border border-line p-3 sm:grid-cols-[minmax(0,1fr)_9rem_auto] sm:items-end"
              >
                <OptionSelectField
                  label={`Step ${index + 1}: template`}
                  options={templateOptions}
                  value={step.templateId}
                  required
                  onChange={(e) => change(step.key, { templateId: e.target.value })}
                />
                <TextField
                  label={index === 0 ? 'Days after entering' : 'Days after step ' + index}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={S.delayDaysMax}
                  required
                  value={step.delayDays}
                  onChange={(e) => change(step.key, { delayDays: e.target.value })}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove step ${index + 1}`}
                  disabled={steps.length === 1}
                  onClick={() => setSteps(steps.filter((s) => s.key !== step.key))}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ol>
          <Button
            variant="secondary"
            size="sm"
            disabled={steps.length >= S.stepsMax}
            onClick={() => setSteps([...steps, newStep('', '1')])}
          >
            Add step
          </Button>
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save sequence'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
