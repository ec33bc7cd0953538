import { BLOG_STATUSES, type BlogStatus } from '../../../../shared/schemas/blog';
import {
  blogAutosaveSchema,
  type BlogAutosave,
  type BlogDraftFields,
} from '../../../../shared/schemas/blog-publishing';
import { isHttpError } from '../../../lib/api-client';
import { publishAtField, type BlogFormValues } from '../blog-form-model';
import { isoToLocalInput } from './publish-time';

/*
 * The pure side of autosave (docs/product/blog.md#autosave): the draft copy's fields, where the browser keeps its own copy,
 * and which copy (server or browser) to offer when the editor opens.
 */

/** A copy the browser keeps too, so a crash or a lost connection loses nothing; `userId` is whose it is. */
export type LocalDraftCopy = BlogAutosave & { userId: string };

/** The browser's copy of one post's unsaved changes. */
export function localDraftKey(postId: string): string {
  return `agencyhq:blog-draft:${postId}`;
}

/** The form as the autosave body's fields: all strings, the publish time as the API takes it. */
export function toDraftFields(values: BlogFormValues): BlogDraftFields {
  return {
    title: values.title,
    metaDescription: values.metaDescription,
    keywords: values.keywords,
    category: values.category,
    content: values.content,
    status: values.status,
    altText: values.altText,
    publishAt: publishAtField(values),
    hideFromSearch: values.hideFromSearch ? 'true' : 'false',
    canonicalUrl: values.canonicalUrl,
  };
}

/** A copy back into the form. What a copy cannot hold (an unknown status) keeps the form's value. */
export function fromDraftFields(fields: BlogDraftFields, current: BlogFormValues): BlogFormValues {
  const status = (BLOG_STATUSES as readonly string[]).includes(fields.status)
    ? (fields.status as BlogStatus)
    : current.status;
  return {
    ...current,
    title: fields.title,
    metaDescription: fields.metaDescription,
    keywords: fields.keywords,
    category: fields.category,
    content: fields.content,
    status,
    altText: fields.altText,
    // A copy of a post that is not a draft has no publish time: the form keeps its (unsent) one.
    publishAt: isoToLocalInput(fields.publishAt) || (status === 'draft' ? '' : current.publishAt),
    hideFromSearch: fields.hideFromSearch === 'true',
    canonicalUrl: fields.canonicalUrl,
  };
}

/** The same instant however it is written ('…T14:04:00.000Z' and '…T15:04+01:00'). */
function sameInstant(a: string, b: string): boolean {
  if (a === b) return true;
  const [x, y] = [Date.parse(a), Date.parse(b)];
  return !Number.isNaN(x) && x === y;
}

/** Whether two sets of draft fields say the same thing. */
export function sameDraft(a: BlogDraftFields, b: BlogDraftFields): boolean {
  return (Object.keys(a) as (keyof BlogDraftFields)[]).every((key) =>
    key === 'publishAt' ? sameInstant(a[key], b[key]) : a[key] === b[key],
  );
}

/** The later-saved of two copies (either may be missing). */
export function newerCopy(a: BlogAutosave | null, b: BlogAutosave | null): BlogAutosave | null {
  if (!a || !b) return a ?? b;
  return Date.parse(b.savedAt) > Date.parse(a.savedAt) ? b : a;
}

/**
 * The copy to offer when the editor opens: the newer of the server's and the browser's, and only when it
 * differs from the post as saved (a copy equal to the post has nothing to restore).
 */
export function copyToOffer(
  server: BlogAutosave | null,
  local: BlogAutosave | null,
  saved: BlogDraftFields,
): BlogAutosave | null {
  const copy = newerCopy(server, local);
  return copy && !sameDraft(copy.fields, saved) ? copy : null;
}

/** The browser's copy, if it is readable and belongs to this user (a shared computer keeps others'). */
export function parseLocalCopy(raw: string | null, userId: string): BlogAutosave | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { userId?: unknown };
    if (value.userId !== userId) return null;
    const parsed = blogAutosaveSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The JSON body of PUT /api/blogs/{id}/autosave. */
export function autosaveBody(fields: BlogDraftFields, baseVersion: number): string {
  return JSON.stringify({ fields, baseVersion });
}

/** Browsers refuse a keepalive request whose body passes 64 KiB: larger copies go as an ordinary request. */
export const KEEPALIVE_MAX_BYTES = 60 * 1024;

export function fitsKeepalive(body: string): boolean {
  return new TextEncoder().encode(body).length <= KEEPALIVE_MAX_BYTES;
}

/**
 * Whether a failed autosave is worth sending again unchanged: not when the server refused the copy
 * itself (4xx, say a post deleted meanwhile), which only a new change can mend; yes for time-outs,
 * rate limits, server errors and lost connections.
 */
export function isRetryable(error: unknown): boolean {
  const status = isHttpError(error) ? error.response?.status : undefined;
  if (status === undefined || status === 408 || status === 429) return true;
  return status < 400 || status >= 500;
}
