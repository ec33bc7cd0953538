import { Share2 } from 'lucide-react';
import { BLOG_MESSAGES } from '../../../shared/messages';
import { Button } from '../../components/ui/button';

/** Copies without the async Clipboard API (denied, or an insecure origin): a hidden selection. */
function copyWithSelection(text: string): void {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    document.execCommand('copy');
  } finally {
    area.remove();
  }
}

/**
 * Share (docs/product/blog.md#public-post): the device's share sheet when there is one; otherwise the address is copied and the
 * reader told 'URL copied to clipboard!'.
 */
export function ShareButton({ title, text }: { title: string; text: string }) {
  async function share() {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
      } catch {
        // The reader closed the share sheet: nothing to report.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      copyWithSelection(url);
    }
    window.alert(BLOG_MESSAGES.urlCopied);
  }

  return (
    <Button variant="secondary" onClick={() => void share()}>
      <Share2 className="size-4" aria-hidden />
      Share
    </Button>
  );
}
