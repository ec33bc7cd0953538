import { useId } from 'react';
import { cn } from '../../../components/ui/cn';
import {
  controlClasses,
  controlErrorClass,
  FieldShell,
  useFieldIds,
} from '../../../components/ui/field-shell';
import type { BlogStatus } from '../../../../shared/schemas/blog';
import { isoToLocalInput, timeZoneLabel } from './publish-time';

export const PUBLISH_AT_HINT =
  'Leave empty to publish by hand. A scheduled draft publishes itself at this time.';
/** Local text: the shared publishAtNeedsDraft speaks of a refused save, this of a disabled picker. */
export const PUBLISH_AT_DRAFT_ONLY =
  'Only a draft can be scheduled. Set the status to draft to choose a time.';

/**
 * 'Publish at' (docs/product/blog.md#scheduled-publishing): the writer's wall-clock time, with their time zone beside it (at the chosen
 * date, so summer time shows right). Only a draft can be scheduled; for other statuses the picker is
 * disabled and its time kept aside (not sent), in case the status goes back to draft.
 */
export function PublishAtField({
  value,
  status,
  error,
  onChange,
}: {
  value: string;
  status: BlogStatus;
  error?: string;
  onChange(value: string): void;
}) {
  const enabled = status === 'draft';
  const help = enabled ? PUBLISH_AT_HINT : PUBLISH_AT_DRAFT_ONLY;
  const ids = useFieldIds({ help, error });
  const zoneId = useId();
  const zone = timeZoneLabel(value ? new Date(value) : new Date());
  const describedBy = [zoneId, ids.controlProps['aria-describedby']].filter(Boolean).join(' ');

  return (
    <FieldShell ids={ids} label="Publish at" help={help} error={enabled ? error : undefined}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <input
          {...ids.controlProps}
          aria-describedby={describedBy}
          type="datetime-local"
          value={enabled ? value : ''}
          min={isoToLocalInput(new Date().toISOString())}
          disabled={!enabled}
          onChange={(e) => onChange(e.target.value)}
          className={cn(
            controlClasses,
            'h-11 min-w-0 grow basis-52 px-3',
            enabled && error && controlErrorClass,
          )}
        />
        <span id={zoneId} className="text-xs text-muted" data-testid="publish-time-zone">
          {zone}
        </span>
        {enabled && value && (
          <button
            type="button"
            onClick={() => onChange('')}
            aria-label="Clear the publish time"
            className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            Clear
          </button>
        )}
      </div>
    </FieldShell>
  );
}
