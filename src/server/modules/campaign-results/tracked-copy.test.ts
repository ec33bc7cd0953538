import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../secrets/secret-box';
import { clickKeys, verifyClick } from './click-token';
import { trackedCopy } from './tracked-copy';

describe('trackedCopy', () => {
  it("sends the stored links through the recipient's click URLs and adds the open pixel", () => {
    const keys = clickKeys(createSecretBox('a-secret-key-of-at-least-thirty-two-characters'));
    const copy = trackedCopy(
      {
        html: '<body><a href="https://shop.example/a?x=1&amp;y=2">Shop</a><a href="https://agency.example/unsubscribe?token=t">Unsubscribe</a></body>',
        text: 'Shop (https://shop.example/a?x=1&y=2)\nUnsubscribe: https://agency.example/unsubscribe?token=t',
      },
      {
        siteUrl: 'https://agency.example',
        keys,
        recipientId: 'rec-1',
        positions: new Map([['https://shop.example/a?x=1&y=2', 0]]),
      },
    );
    const token = /\/r\/([^/]+)\/0"/.exec(copy.html)![1]!;
    expect(verifyClick(keys, token)).toBe('rec-1');
    expect(copy.html).toBe(
      `<body><a href="https://agency.example/r/${token}/0">Shop</a><a href="https://agency.example/unsubscribe?token=t">Unsubscribe</a><img src="https://agency.example/o/${token}.gif" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0" /></body>`,
    );
    expect(copy.text).toBe(
      `Shop (https://agency.example/r/${token}/0)\nUnsubscribe: https://agency.example/unsubscribe?token=t`,
    );
  });
});
