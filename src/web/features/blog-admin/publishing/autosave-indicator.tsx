import { PUBLISHING_MESSAGES } from '../../../../shared/messages';
import { cn } from '../../../components/ui/cn';
import type { AutosaveState } from './use-autosave';

const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

function text(state: AutosaveState): string {
  switch (state.kind) {
    case 'saving':
      return PUBLISHING_MESSAGES.autosaveSaving;
    case 'saved': {
      const at = new Date(state.savedAt);
      const time = Number.isNaN(at.getTime()) ? '' : ` ${TIME.format(at)}`;
      return `${PUBLISHING_MESSAGES.autosaveSaved}${time}`;
    }
    case 'failed':
      return PUBLISHING_MESSAGES.autosaveFailed;
    default:
      return '';
  }
}

/** Where the draft copy stands, beside the submit buttons; polite, so typing is not interrupted. */
export function AutosaveIndicator({ state }: { state: AutosaveState }) {
  return (
    <p
      aria-live="polite"
      data-testid="autosave-status"
      className={cn('text-xs sm:mr-auto', state.kind === 'failed' ? 'text-red-700' : 'text-muted')}
    >
      {text(state)}
    </p>
  );
}
