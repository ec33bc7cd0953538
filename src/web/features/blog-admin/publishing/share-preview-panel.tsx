import { Link2 } from 'lucide-react';
import { toast } from 'sonner';
import { PUBLISHING_MESSAGES } from '../../../../shared/messages';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { SidePanel } from '../../../components/ui/side-panel';
import { Spinner } from '../../../components/ui/spinner';
import { serverMessage } from '../../../lib/api-client';
import { useCreatePreviewLink, usePreviewLinks, useRevokePreviewLink } from './blog-publishing-api';
import { copyText } from '../../../lib/copy-text';
import { PreviewLinkItem } from './preview-link-item';

/** Local texts (the shared previewCreated says the link was copied, which needs a clipboard). */
export const PREVIEW_CREATED_NOT_COPIED = 'Preview link created. Copy it from the list.';
const CREATE_FAILED = 'Could not create a preview link.';
const REVOKE_FAILED = 'Could not revoke the preview link.';

/**
 * 'Share preview' (docs/product/blog.md#preview-links): links that show this draft as it will look to anyone holding one, until
 * revoked. A new link goes straight to the clipboard.
 */
export function SharePreviewPanel({ postId, onClose }: { postId: string; onClose(): void }) {
  const links = usePreviewLinks(postId);
  const create = useCreatePreviewLink(postId);
  const revoke = useRevokePreviewLink(postId);

  const createLink = () =>
    create.mutate(undefined, {
      onSuccess: async (preview) => {
        const copied = await copyText(preview.url);
        toast.success(copied ? PUBLISHING_MESSAGES.previewCreated : PREVIEW_CREATED_NOT_COPIED);
      },
      onError: (error) => toast.error(serverMessage(error) ?? CREATE_FAILED),
    });
  const revokeLink = (previewId: string) =>
    revoke.mutate(previewId, {
      onSuccess: () => toast.success(PUBLISHING_MESSAGES.previewRevoked),
      onError: (error) => toast.error(serverMessage(error) ?? REVOKE_FAILED),
    });

  return (
    <SidePanel title="Share preview" onClose={onClose}>
      <div className="space-y-5">
        <p className="text-sm text-muted">
          Anyone with a link can read this draft as it will look once published. Revoke a link to turn it off.
        </p>
        <Button onClick={createLink} disabled={create.isPending} className="w-full sm:w-auto">
          <Link2 className="size-4" aria-hidden />
          {create.isPending ? 'Creating...' : 'Create preview link'}
        </Button>
        {create.isError && <Banner message={serverMessage(create.error) ?? CREATE_FAILED} />}

        <section aria-labelledby="preview-links-heading">
          <h3
            id="preview-links-heading"
            className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted"
          >
            Live links{links.data ? ` (${links.data.length})` : ''}
          </h3>
          {links.isPending ? (
            <Spinner label="Loading preview links..." />
          ) : links.isError ? (
            <Banner message={serverMessage(links.error) ?? 'Could not load the preview links.'} />
          ) : links.data.length === 0 ? (
            <p className="text-sm text-muted">No live preview links.</p>
          ) : (
            <ul className="space-y-3">
              {links.data.map((preview) => (
                <PreviewLinkItem
                  key={preview.id}
                  preview={preview}
                  revoking={revoke.isPending && revoke.variables === preview.id}
                  onRevoke={(p) => revokeLink(p.id)}
                />
              ))}
            </ul>
          )}
        </section>
      </div>
    </SidePanel>
  );
}
