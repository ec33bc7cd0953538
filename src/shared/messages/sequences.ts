import { SEQUENCES } from '../sequences';

/** Sequences (docs/product/marketing.md#sequences). */
export const SEQUENCE_MESSAGES = {
  notFound: 'Sequence not found.',
  enrollmentNotFound: 'That person is not in this sequence.',
  nameRequired: 'Enter a name for the sequence.',
  listMissing: 'Choose a list.',
  listNotFound: 'That list no longer exists.',
  templateMissing: 'Choose a template for each step.',
  templateNotFound: (position: number) => `The template of step ${position} no longer exists.`,
  stepsRequired: 'Add at least one step.',
  stepsTooMany: `A sequence has at most ${SEQUENCES.stepsMax} steps.`,
  delayRange: `Wait 0 to ${SEQUENCES.delayDaysMax} days.`,
  listLocked: 'People are already enrolled: the list cannot change. Make a new sequence instead.',
  created: 'Sequence saved.',
  saved: 'Sequence saved.',
  deleted: 'Sequence deleted.',
  paused: 'Sequence paused: no step is sent until it is resumed.',
  resumed: 'Sequence resumed: steps that came due meanwhile go out now.',
  enrolChoose: 'Choose people, or enrol everyone subscribed to the list.',
  enrolled: (added: number, skipped: number) =>
    `${added} ${added === 1 ? 'person' : 'people'} enrolled` +
    (skipped ? `; ${skipped} skipped (already enrolled, not subscribed to the list, or suppressed).` : '.'),
  notActive: 'This person is no longer in the sequence.',
  markedReplied: 'Marked as replied: no more steps go to this person.',
  removed: 'Removed from the sequence.',
} as const;
