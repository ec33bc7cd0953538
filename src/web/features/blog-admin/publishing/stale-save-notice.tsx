import { useEffect, useRef } from 'react';
import { PUBLISHING_MESSAGES } from '../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { ActionNotice } from './action-notice';

/**
 * A save (or restore) refused because someone changed the post meanwhile (409). Nothing typed is dropped
 * until the writer picks 'Reload the post'; the other choice repeats the action over the newer version.
 */
export function StaleSaveNotice({
  overrideLabel = 'Save anyway',
  busy,
  onReload,
  onOverride,
}: {
  overrideLabel?: string;
  busy?: boolean;
  onReload(): void;
  onOverride(): void;
}) {
  const notice = useRef<HTMLDivElement>(null);
  // It appears after the writer's click elsewhere: take the keyboard (and the screen reader) to it.
  useEffect(() => notice.current?.focus(), []);
  return (
    <ActionNotice ref={notice} role="alertdialog" tone="warning" message={PUBLISHING_MESSAGES.staleSave}>
      <Button size="sm" variant="secondary" disabled={busy} onClick={onReload}>
        Reload the post
      </Button>
      <Button size="sm" variant="danger" disabled={busy} onClick={onOverride}>
        {overrideLabel}
      </Button>
    </ActionNotice>
  );
}
