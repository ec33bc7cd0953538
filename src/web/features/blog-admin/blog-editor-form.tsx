import { useEffect, useRef, useState, type FormEvent } from 'react';
import { BLOG_MESSAGES } from '../../../shared/messages';
import type { Blog, Category } from '../../../shared/schemas/blog';
import { slugify } from '../../../shared/text';
import { serverMessage } from '../../lib/api-client';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { useSaveBlog } from './blog-admin-api';
import { BlogContentField } from './blog-content-field';
import { BlogFormFields } from './blog-form-fields';
import {
  hasImage,
  initialImage,
  initialValues,
  serverFieldErrors,
  toFormData,
  validateBlog,
  type BlogFormErrors,
  type BlogFormValues,
  type ImageDraft,
} from './blog-form-model';
import { FeaturedImageField, useImagePreview } from './featured-image-field';
import { LivePreview } from './live-preview';
import { SerpPreview } from './serp-preview';

/** Spec §2 editor: the form on the left, search-result and live previews beside it (below on phones). */
export function BlogEditorForm({
  blog,
  categories,
  categoriesFailed,
  onDone,
  onManageCategories,
}: {
  blog: Blog | null;
  categories: readonly Category[] | undefined;
  categoriesFailed: boolean;
  onDone(): void;
  onManageCategories(): void;
}) {
  const save = useSaveBlog();
  const [values, setValues] = useState<BlogFormValues>(() => initialValues(blog));
  const [image, setImage] = useState<ImageDraft>(() => initialImage(blog));
  const [errors, setErrors] = useState<BlogFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const previewUrl = useImagePreview(image);

  // After a refused submit, take the keyboard to the first field that needs attention.
  useEffect(() => {
    if (attempt) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  // Spec §5: editing a field clears its error.
  const setField = <K extends keyof BlogFormValues>(field: K, value: BlogFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };
  const setImageDraft = (next: ImageDraft, problem?: string) => {
    setImage(next);
    setErrors((e) => ({ ...e, featuredImage: problem }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateBlog(values);
    if (Object.keys(found).length) {
      setErrors(found);
      setAttempt((n) => n + 1);
      return;
    }
    setFailure(null);
    save.mutate(
      { id: blog?._id ?? null, form: toFormData(values, image) },
      {
        onSuccess: onDone,
        // Spec §8: the server's message in the form, every field kept.
        onError: (error) => {
          setFailure(serverMessage(error) ?? null);
          setErrors((e) => ({ ...e, ...serverFieldErrors(error) }));
          setAttempt((n) => n + 1);
        },
      },
    );
  };

  const categoryName = categories?.find((c) => c._id === values.category)?.name ?? '';
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
      <form
        ref={form}
        noValidate
        onSubmit={submit}
        aria-label={blog ? 'Edit blog' : 'New blog'}
        className="space-y-5 rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-6"
      >
        {failure && <Banner message={failure} />}
        <BlogFormFields
          values={values}
          errors={errors}
          categories={categories}
          categoriesFailed={categoriesFailed}
          onField={setField}
          onManageCategories={onManageCategories}
        />
        <FeaturedImageField
          image={image}
          previewUrl={previewUrl}
          altText={values.altText}
          fallbackAlt={values.title}
          error={errors.featuredImage}
          altError={errors.altText}
          onImage={setImageDraft}
          onAltText={(v) => setField('altText', v)}
        />
        <BlogContentField
          value={values.content}
          error={errors.content}
          onChange={(v) => setField('content', v)}
        />
        <div className="flex flex-col-reverse gap-2 border-t border-line pt-5 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? BLOG_MESSAGES.saving : blog ? 'Update Blog' : 'Create Blog'}
          </Button>
        </div>
      </form>

      <aside aria-label="Previews" className="space-y-4 lg:sticky lg:top-20">
        <SerpPreview title={values.title} slug={slugify(values.title)} description={values.metaDescription} />
        <LivePreview
          title={values.title}
          category={categoryName}
          description={values.metaDescription}
          imageUrl={hasImage(image) ? previewUrl : null}
          imageAlt={values.altText || values.title}
          content={values.content}
        />
      </aside>
    </div>
  );
}
