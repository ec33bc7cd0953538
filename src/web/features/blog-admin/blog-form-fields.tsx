import { BLOG_LIMITS, BLOG_STATUSES, parseKeywords, type Category } from '../../../shared/schemas/blog';
import { CATEGORY_MESSAGES } from '../../../shared/messages';
import { slugify } from '../../../shared/text';
import { TextField } from '../../components/ui/field';
import { OptionSelectField } from '../../components/ui/option-select-field';
import { TextAreaField } from '../../components/ui/textarea-field';
import type { BlogFormErrors, BlogFormValues } from './blog-form-model';
import { PublishAtField } from './publishing/publish-at-field';
import { SearchEngineFields } from './publishing/search-engine-fields';

const STATUS_OPTIONS = BLOG_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }));

function Counter({ length, max }: { length: number; max: number }) {
  return <span className="shrink-0 tabular-nums">{`${length}/${max}`}</span>;
}

/**
 * The SEO texts, category, keywords and status of the editor (docs/product/blog.md#editor, rules of docs/product/blog.md#validation), with the publish
 * time and the search-engine settings of docs/product/blog.md#publishing.
 */
export function BlogFormFields({
  values,
  errors,
  categories,
  categoriesFailed,
  onField,
  onManageCategories,
}: {
  values: BlogFormValues;
  errors: BlogFormErrors;
  categories: readonly Category[] | undefined;
  categoriesFailed: boolean;
  onField<K extends keyof BlogFormValues>(field: K, value: BlogFormValues[K]): void;
  onManageCategories(): void;
}) {
  const slug = slugify(values.title);
  const keywordCount = parseKeywords(values.keywords).length;
  const categoryOptions = [
    { value: '', label: categories === undefined ? CATEGORY_MESSAGES.loading : 'Select a category' },
    ...(categories ?? []).map((c) => ({ value: c._id, label: c.name })),
  ];

  return (
    <>
      <TextField
        label="SEO Title"
        value={values.title}
        maxLength={BLOG_LIMITS.titleMax}
        error={errors.title}
        placeholder="A clear title people would search for"
        help={
          <span className="flex justify-between gap-3">
            <span className="min-w-0 truncate" data-testid="slug-preview">
              {`/blog/${slug}`}
            </span>
            <Counter length={values.title.length} max={BLOG_LIMITS.titleMax} />
          </span>
        }
        onChange={(e) => onField('title', e.target.value)}
      />
      <TextAreaField
        label="Meta Description"
        rows={3}
        value={values.metaDescription}
        maxLength={BLOG_LIMITS.metaDescriptionMax}
        error={errors.metaDescription}
        placeholder="The summary shown under the title in search results"
        help={
          <span className="flex justify-between gap-3">
            <span>Shown in search results and link previews.</span>
            <Counter length={values.metaDescription.length} max={BLOG_LIMITS.metaDescriptionMax} />
          </span>
        }
        onChange={(e) => onField('metaDescription', e.target.value)}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <OptionSelectField
          label="Category"
          options={categoryOptions}
          value={values.category}
          error={errors.category}
          help={
            <span className="flex flex-wrap items-center gap-x-2">
              {categoriesFailed && <span className="text-red-700">{CATEGORY_MESSAGES.loadFailed}</span>}
              {categories?.length === 0 && <span>{CATEGORY_MESSAGES.empty}</span>}
              <button
                type="button"
                onClick={onManageCategories}
                className="font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                Manage Categories
              </button>
            </span>
          }
          onChange={(e) => onField('category', e.target.value)}
        />
        <OptionSelectField
          label="Status"
          options={STATUS_OPTIONS}
          value={values.status}
          error={errors.status}
          onChange={(e) => onField('status', e.target.value as BlogFormValues['status'])}
        />
        {/* Under Status, which decides whether a time can be chosen. */}
        <div className="sm:col-start-2">
          <PublishAtField
            value={values.publishAt}
            status={values.status}
            error={errors.publishAt}
            onChange={(v) => onField('publishAt', v)}
          />
        </div>
      </div>
      <TextField
        label="Keywords"
        value={values.keywords}
        error={errors.keywords}
        placeholder="seo, marketing, growth"
        help={
          <span className="flex justify-between gap-3">
            <span>Comma separated, up to {BLOG_LIMITS.keywordsMax}.</span>
            <span className="shrink-0 tabular-nums">{`${keywordCount}/${BLOG_LIMITS.keywordsMax} keywords`}</span>
          </span>
        }
        onChange={(e) => onField('keywords', e.target.value)}
      />
      <SearchEngineFields
        hideFromSearch={values.hideFromSearch}
        canonicalUrl={values.canonicalUrl}
        canonicalError={errors.canonicalUrl}
        onHideFromSearch={(v) => onField('hideFromSearch', v)}
        onCanonicalUrl={(v) => onField('canonicalUrl', v)}
      />
    </>
  );
}
