import { serverFieldErrors } from '../../lib/field-errors';
import { blogFieldsSchema, type Blog, type BlogImage, type BlogStatus } from '../../../shared/schemas/blog';
import { isoToLocalInput, localInputToIso } from './publishing/publish-time';

/** What the editor holds while typing: the blog form payload (docs/product/blog.md#editor), keywords as comma text. */
export interface BlogFormValues {
  title: string;
  metaDescription: string;
  category: string;
  keywords: string;
  content: string;
  status: BlogStatus;
  altText: string;
  /** docs/product/blog.md#publishing: the datetime-local value ('' = publish by hand); only a draft keeps it when sent. */
  publishAt: string;
  hideFromSearch: boolean;
  canonicalUrl: string;
}
export type BlogFormField = keyof BlogFormValues | 'featuredImage';
export type BlogFormErrors = Partial<Record<BlogFormField, string>>;

/** The featured image: a newly chosen file, the one already stored, and whether that one is dropped. */
export interface ImageDraft {
  file: File | null;
  existing: BlogImage | null;
  removed: boolean;
}

export function initialValues(blog: Blog | null): BlogFormValues {
  return {
    title: blog?.title ?? '',
    metaDescription: blog?.metaDescription ?? '',
    category: blog?.category?._id ?? '',
    keywords: blog?.keywords.join(', ') ?? '',
    content: blog?.content ?? '',
    status: blog?.status ?? 'draft',
    altText: blog?.featuredImage?.altText ?? '',
    publishAt: isoToLocalInput(blog?.publishAt),
    hideFromSearch: blog?.hideFromSearch ?? false,
    canonicalUrl: blog?.canonicalUrl ?? '',
  };
}

/**
 * The publish time as the API takes it: an ISO instant, or '' when not scheduled. A post that is not a
 * draft cannot be scheduled, so its (disabled, kept) time is not sent.
 */
export function publishAtField(values: BlogFormValues): string {
  return values.status === 'draft' ? localInputToIso(values.publishAt) : '';
}

/** The form's values in the shape of the shared schema's text fields. */
function schemaInput(values: BlogFormValues) {
  return {
    ...values,
    publishAt: publishAtField(values),
    hideFromSearch: values.hideFromSearch ? 'true' : 'false',
  };
}

export function initialImage(blog: Blog | null): ImageDraft {
  return { file: null, existing: blog?.featuredImage ?? null, removed: false };
}

/** True when the form shows an image (a new file, or the stored one not removed). */
export function hasImage(image: ImageDraft): boolean {
  return Boolean(image.file || (image.existing && !image.removed));
}

/** The first message per field of the shared schema, the same rules the server applies (docs/product/blog.md#validation). */
export function validateBlog(values: BlogFormValues): BlogFormErrors {
  const result = blogFieldsSchema.safeParse(schemaInput(values));
  const errors: BlogFormErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as BlogFormField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The first message per field of a refused save (the server's field errors, see lib/field-errors). */
export function blogFieldErrors(error: unknown): BlogFormErrors {
  const errors: BlogFormErrors = {};
  for (const { field, message } of serverFieldErrors(error)) errors[field as BlogFormField] ??= message;
  return errors;
}

/**
 * The multipart body of POST /api/blogs and PUT /api/blogs/{id} (docs/product/api.md#calls). `version` is the post's version
 * the editor holds (edits only): a newer one on the server makes it answer 409 instead of overwriting.
 */
export function toFormData(values: BlogFormValues, image: ImageDraft, version?: number): FormData {
  const form = new FormData();
  form.append('title', values.title);
  form.append('metaDescription', values.metaDescription);
  form.append('keywords', values.keywords);
  form.append('category', values.category);
  form.append('content', values.content);
  form.append('status', values.status);
  form.append('altText', hasImage(image) ? values.altText : '');
  form.append('removeImage', image.existing && image.removed && !image.file ? 'true' : 'false');
  form.append('publishAt', publishAtField(values));
  form.append('hideFromSearch', values.hideFromSearch ? 'true' : 'false');
  form.append('canonicalUrl', values.canonicalUrl.trim());
  if (version !== undefined) form.append('version', String(version));
  if (image.file) form.append('featuredImage', image.file, image.file.name);
  return form;
}
