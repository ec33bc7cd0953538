import type { ReactNode } from 'react';
import { Banner } from '../ui/banner';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

/** Asks before an action that cannot be taken back (finalising, deleting); its failure shows inside. */
export function ConfirmDialog({
  title,
  description,
  confirm,
  busy,
  error,
  tone = 'default',
  onConfirm,
  onClose,
}: {
  title: string;
  description: ReactNode;
  /** The confirming button's text. */
  confirm: string;
  busy: boolean;
  error?: string;
  tone?: 'default' | 'danger';
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <Dialog
      title={title}
      description={description}
      onClose={onClose}
      busy={busy}
      tone={tone}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant={tone === 'danger' ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy}>
            {confirm}
          </Button>
        </>
      }
    >
      {error && <Banner message={error} />}
    </Dialog>
  );
}
