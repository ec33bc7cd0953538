import { describe, expect, it } from 'vitest';
import type { BlogAutosave } from '../../../../shared/schemas/blog-publishing';
import {
  autosaveBody,
  copyToOffer,
  fitsKeepalive,
  fromDraftFields,
  isRetryable,
  localDraftKey,
  newerCopy,
  parseLocalCopy,
  sameDraft,
  toDraftFields,
} from './autosave-model';
import type { BlogFormValues } from '../blog-form-model';

const values: BlogFormValues = {
  title: 'Ten tips',
  metaDescription: 'Tips',
  category: 'cat-1',
  keywords: 'seo, tips',
  content: '<p>Hello</p>',
  status: 'draft',
  altText: '',
  publishAt: '2030-05-04T09:30',
  hideFromSearch: false,
  canonicalUrl: '',
};
const fields = toDraftFields(values);
const copy = (savedAt: string, title = 'Changed'): BlogAutosave => ({
  fields: { ...fields, title },
  baseVersion: 3,
  savedAt,
});

describe('toDraftFields / fromDraftFields', () => {
  it('turns the form into strings, the publish time an ISO instant, and back', () => {
    expect(fields.publishAt).toBe(new Date('2030-05-04T09:30').toISOString());
    expect(fields.hideFromSearch).toBe('false');
    expect(fromDraftFields(fields, { ...values, title: 'other' })).toEqual(values);
  });

  it('sends no publish time for a post that is not a draft', () => {
    expect(toDraftFields({ ...values, status: 'published' }).publishAt).toBe('');
  });

  it('keeps the form status when the copy holds an unknown one', () => {
    expect(fromDraftFields({ ...fields, status: 'bogus' }, values).status).toBe('draft');
  });
});

describe('sameDraft', () => {
  it('reads one instant written two ways as the same', () => {
    const other = { ...fields, publishAt: new Date(fields.publishAt).toISOString().replace('.000Z', 'Z') };
    expect(sameDraft(fields, other)).toBe(true);
    expect(sameDraft(fields, { ...fields, content: '<p>Hi</p>' })).toBe(false);
  });
});

describe('newerCopy / copyToOffer', () => {
  const older = copy('2030-01-01T10:00:00.000Z', 'Older');
  const newer = copy('2030-01-01T10:05:00.000Z', 'Newer');

  it('takes the later-saved copy, or whichever exists', () => {
    expect(newerCopy(older, newer)).toBe(newer);
    expect(newerCopy(newer, older)).toBe(newer);
    expect(newerCopy(null, older)).toBe(older);
    expect(newerCopy(null, null)).toBeNull();
  });

  it('offers the newer copy only when it differs from the post as saved', () => {
    expect(copyToOffer(older, newer, fields)).toBe(newer);
    expect(copyToOffer({ ...older, fields }, null, fields)).toBeNull();
  });
});

describe('parseLocalCopy', () => {
  const stored = JSON.stringify({ ...copy('2030-01-01T10:00:00.000Z'), userId: 'u1' });

  it("reads this user's copy", () => {
    expect(parseLocalCopy(stored, 'u1')?.fields.title).toBe('Changed');
  });

  it("ignores another user's copy, broken JSON and wrong shapes", () => {
    expect(parseLocalCopy(stored, 'u2')).toBeNull();
    expect(parseLocalCopy('{', 'u1')).toBeNull();
    expect(parseLocalCopy(JSON.stringify({ userId: 'u1', fields: {} }), 'u1')).toBeNull();
    expect(parseLocalCopy(null, 'u1')).toBeNull();
  });
});

describe('the request body', () => {
  it('is the fields with the base version', () => {
    expect(JSON.parse(autosaveBody(fields, 4))).toEqual({ fields, baseVersion: 4 });
    expect(localDraftKey('p1')).toBe('agencyhq:blog-draft:p1');
  });

  it('goes as keepalive only under the browsers’ 64 KiB limit', () => {
    expect(fitsKeepalive(autosaveBody(fields, 1))).toBe(true);
    expect(fitsKeepalive(autosaveBody({ ...fields, content: 'x'.repeat(70_000) }, 1))).toBe(false);
  });
});

describe('isRetryable', () => {
  const answered = (status: number) => ({ isAxiosError: true, response: { status } });
  it('sends again after lost connections, time-outs, rate limits and server errors', () => {
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryable({ isAxiosError: true })).toBe(true);
    for (const status of [408, 429, 500, 503]) expect(isRetryable(answered(status))).toBe(true);
  });
  it('waits for a new change after the server refused the copy', () => {
    for (const status of [400, 403, 404, 413]) expect(isRetryable(answered(status))).toBe(false);
  });
});
