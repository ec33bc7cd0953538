import type { DerivedKey } from '../../secrets/secret-box';
import { clickUrl, openPixelUrl, rewriteLinks, withOpenPixel } from './campaign-links';
import { signClick } from './click-token';

export interface CopyTracking {
  siteUrl: string;
  /** clickKeys(secretBox), taken once per send. */
  keys: DerivedKey[];
  recipientId: string;
  /** saveCampaignLinks' answer (or campaignLinkPositions' after a restart). */
  positions: ReadonlyMap<string, number>;
}

/**
 * One recipient's copy as it is sent (docs/product/marketing.md#results): each stored link through the click
 * redirect, in the HTML and the plain-text part, and the open pixel at the end of the HTML.
 */
export function trackedCopy(copy: { html: string; text: string }, tracking: CopyTracking) {
  const token = signClick(tracking.keys, tracking.recipientId);
  const rewritten = rewriteLinks(copy.html, copy.text, tracking.positions, (position) =>
    clickUrl(tracking.siteUrl, token, position),
  );
  return {
    html: withOpenPixel(rewritten.html, openPixelUrl(tracking.siteUrl, token)),
    text: rewritten.text,
  };
}
