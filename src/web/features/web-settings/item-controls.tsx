import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';

const iconButton =
  'grid size-9 place-items-center rounded-lg border border-line bg-white text-muted shadow-sm hover:bg-slate-50 hover:text-ink disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** The id of an item's move button, so focus can follow the item to its new place. */
const buttonId = (list: string, index: number, direction: 'up' | 'down') => `${list}-${index}-${direction}`;

/** The id of the list's Add button (see AddButton), where focus goes once an item is removed. */
export const addButtonId = (list: string) => `${list}-add`;

/**
 * Keyboard users keep their place: after a move the focus goes to the moved item's same button (or the
 * other one, when it reached an end of the list).
 */
function focusAfterMove(list: string, to: number, direction: 'up' | 'down', count: number) {
  const atEnd = direction === 'up' ? to === 0 : to === count - 1;
  const next = atEnd ? (direction === 'up' ? 'down' : 'up') : direction;
  requestAnimationFrame(() => document.getElementById(buttonId(list, to, next))?.focus());
}

/** Move up, move down and remove for one item of an ordered list (services, links, footer names). */
export function ItemControls({
  list,
  index,
  count,
  name,
  onMove,
  onRemove,
}: {
  /** A page-unique name of the list, for the buttons' ids. */
  list: string;
  index: number;
  count: number;
  /** What the buttons' accessible names call the item ('Web Development'). */
  name: string;
  onMove(from: number, to: number): void;
  onRemove(index: number): void;
}) {
  const move = (direction: 'up' | 'down') => {
    const to = direction === 'up' ? index - 1 : index + 1;
    onMove(index, to);
    focusAfterMove(list, to, direction, count);
  };
  return (
    <div className="flex shrink-0 gap-1.5">
      <button
        type="button"
        id={buttonId(list, index, 'up')}
        className={iconButton}
        disabled={index === 0}
        aria-label={`Move ${name} up`}
        title="Move up"
        onClick={() => move('up')}
      >
        <ArrowUp className="size-4" aria-hidden />
      </button>
      <button
        type="button"
        id={buttonId(list, index, 'down')}
        className={iconButton}
        disabled={index === count - 1}
        aria-label={`Move ${name} down`}
        title="Move down"
        onClick={() => move('down')}
      >
        <ArrowDown className="size-4" aria-hidden />
      </button>
      <button
        type="button"
        className={`${iconButton} hover:text-red-700`}
        aria-label={`Remove ${name}`}
        title="Remove"
        onClick={() => {
          onRemove(index);
          requestAnimationFrame(() => document.getElementById(addButtonId(list))?.focus());
        }}
      >
        <Trash2 className="size-4" aria-hidden />
      </button>
    </div>
  );
}

/** A list's Add button; disabled with the reason shown once the list is full. */
export function AddButton({
  list,
  label,
  count,
  max,
  onAdd,
}: {
  list: string;
  label: string;
  count: number;
  max: number;
  onAdd(): void;
}) {
  const full = count >= max;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        id={addButtonId(list)}
        disabled={full}
        onClick={onAdd}
        className="inline-flex h-9 items-center gap-2 rounded-lg border border-dashed border-slate-400 px-3 text-sm font-semibold text-ink hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <Plus className="size-4" aria-hidden />
        {label}
      </button>
      <span className="text-xs text-muted">
        {full ? `The most there can be is ${max}.` : `${count} of at most ${max}`}
      </span>
    </div>
  );
}
