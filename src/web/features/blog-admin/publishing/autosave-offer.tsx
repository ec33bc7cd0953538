import { useState } from 'react';
import { PUBLISHING_MESSAGES } from '../../../../shared/messages';
import type { Blog } from '../../../../shared/schemas/blog';
import type { BlogAutosave } from '../../../../shared/schemas/blog-publishing';
import { Button } from '../../../components/ui/button';
import { ActionNotice } from './action-notice';
import { copyToOffer, toDraftFields } from './autosave-model';
import { useServerAutosave } from './blog-publishing-api';
import { initialValues } from '../blog-form-model';
import { readLocalCopy } from './local-draft-store';
import { formatDateTime } from './publish-time';

/**
 * The unsaved copy to offer when an existing post opens: the newer of the server's and this browser's,
 * when it differs from the post as saved. Decided once, from the copies as they were at opening.
 */
export function useAutosaveOffer(blog: Blog | null) {
  const postId = blog?._id ?? null;
  const server = useServerAutosave(postId);
  const [local] = useState(() => (postId ? readLocalCopy(postId) : null));
  const [saved] = useState(() => toDraftFields(initialValues(blog)));
  const [answered, setAnswered] = useState(false);
  // A failed read of the server copy still offers the browser's.
  const ready = postId !== null && !server.isPending;
  const offer = answered || !ready ? null : copyToOffer(server.data ?? null, local, saved);
  return { offer, close: () => setAnswered(true) };
}

/** 'You have unsaved changes from {time}.' with Restore / Discard. */
export function AutosaveOffer({
  copy,
  onRestore,
  onDiscard,
}: {
  copy: BlogAutosave;
  onRestore(copy: BlogAutosave): void;
  onDiscard(): void;
}) {
  return (
    <ActionNotice
      role="region"
      tone="info"
      message={`${PUBLISHING_MESSAGES.autosaveOffered} ${formatDateTime(copy.savedAt)}.`}
    >
      <Button size="sm" onClick={() => onRestore(copy)}>
        Restore unsaved changes
      </Button>
      <Button size="sm" variant="secondary" onClick={onDiscard}>
        Discard
      </Button>
    </ActionNotice>
  );
}
