import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';

/** 'Reset to defaults' and 'Undo last publish' ask first; the dialog waits while the request runs. */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <Dialog
      title={title}
      description={description}
      onClose={onClose}
      busy={busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
