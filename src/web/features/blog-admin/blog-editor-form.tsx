import { useEffect, useMemo, useRef } from 'react';
import { BLOG_MESSAGES } from '../../../shared/messages';
import type { Blog, Category } from '../../../shared/schemas/blog';
import type { BlogAutosave } from '../../../shared/schemas/blog-publishing';
import { slugify } from '../../../shared/text';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { AutosaveIndicator } from './publishing/autosave-indicator';
import { fromDraftFields, toDraftFields } from './publishing/autosave-model';
import { AutosaveOffer, useAutosaveOffer } from './publishing/autosave-offer';
import { BlogContentField } from './blog-content-field';
import { BlogFormFields } from './blog-form-fields';
import { hasImage, initialValues } from './blog-form-model';
import { EditorToolbar } from './publishing/editor-toolbar';
import { FeaturedImageField, useImagePreview } from './featured-image-field';
import { LivePreview } from './live-preview';
import { SerpPreview } from './serp-preview';
import { StaleSaveNotice } from './publishing/stale-save-notice';
import { useAutosave } from './publishing/use-autosave';
import { useBlogForm } from './use-blog-form';
import { useBlogSubmit } from './use-blog-submit';

/** Editor (docs/product/blog.md#editor): the form on the left, search-result and live previews beside it (below on phones). */
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
  const form = useBlogForm(blog);
  const { base, values, image, errors, setField } = form;
  const draft = useMemo(() => toDraftFields(values), [values]);
  const autosave = useAutosave(base?._id ?? null, base?.version, draft);
  const autosaveOffer = useAutosaveOffer(blog);
  const saving = useBlogSubmit({ form, autosave, onDone });
  const formElement = useRef<HTMLFormElement>(null);
  const previewUrl = useImagePreview(image);

  // After a refused submit, take the keyboard to the first field that needs attention.
  useEffect(() => {
    if (saving.attempt) formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [saving.attempt]);

  /** A post loaded over the form (a restored version, a reload): its unsaved copies no longer apply. */
  const loadPost = (next: Blog) => {
    form.load(next);
    autosave.discard(toDraftFields(initialValues(next)));
  };
  /**
   * The copy was typed on the version it names: saving it names that version too, so a save someone made
   * since then is reported (409) instead of silently overwritten.
   */
  const restoreCopy = (copy: BlogAutosave) => {
    form.fill(fromDraftFields(copy.fields, values));
    if (base) form.setBase({ ...base, version: copy.baseVersion });
    autosaveOffer.close();
  };
  const discardCopy = () => {
    autosave.discard(toDraftFields(initialValues(base)));
    autosaveOffer.close();
  };

  const categoryName = categories?.find((c) => c._id === values.category)?.name ?? '';
  return (
    <div className="space-y-4">
      {base && (
        <EditorToolbar
          post={base}
          title={values.title}
          content={values.content}
          onRestored={loadPost}
          onReload={loadPost}
        />
      )}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
        <form
          ref={formElement}
          noValidate
          onSubmit={saving.submit}
          aria-label={blog ? 'Edit blog' : 'New blog'}
          className="space-y-5 rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-6"
        >
          {autosaveOffer.offer && (
            <AutosaveOffer copy={autosaveOffer.offer} onRestore={restoreCopy} onDiscard={discardCopy} />
          )}
          {saving.failure && <Banner message={saving.failure} />}
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
            onImage={form.setImageDraft}
            onAltText={(v) => setField('altText', v)}
          />
          <BlogContentField
            value={values.content}
            error={errors.content}
            onChange={(v) => setField('content', v)}
          />
          {saving.conflict && (
            <StaleSaveNotice busy={saving.pending} onReload={saving.reload} onOverride={saving.saveAnyway} />
          )}
          <div className="flex flex-col-reverse gap-2 border-t border-line pt-5 sm:flex-row sm:items-center sm:justify-end">
            {base && <AutosaveIndicator state={autosave.state} />}
            <Button variant="secondary" onClick={onDone} disabled={saving.pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving.pending}>
              {saving.pending ? BLOG_MESSAGES.saving : blog ? 'Update Blog' : 'Create Blog'}
            </Button>
          </div>
        </form>

        <aside aria-label="Previews" className="space-y-4 lg:sticky lg:top-20">
          <SerpPreview
            title={values.title}
            slug={slugify(values.title)}
            description={values.metaDescription}
          />
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
    </div>
  );
}
