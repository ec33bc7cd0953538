import { PUBLISHING_LIMITS } from '../../../../shared/blog';
import { TextField } from '../../../components/ui/field';
import { Switch } from '../../../components/ui/switch';

/** How search engines treat the post (docs/product/blog.md#search-engine-settings): hidden from them, or pointed at where it first appeared. */
export function SearchEngineFields({
  hideFromSearch,
  canonicalUrl,
  canonicalError,
  onHideFromSearch,
  onCanonicalUrl,
}: {
  hideFromSearch: boolean;
  canonicalUrl: string;
  canonicalError?: string;
  onHideFromSearch(value: boolean): void;
  onCanonicalUrl(value: string): void;
}) {
  return (
    <fieldset className="space-y-4 rounded-xl border border-line p-4">
      <legend className="px-1 text-sm font-semibold text-ink">Search engines</legend>
      <Switch
        label="Hide from search engines"
        description="Adds noindex and leaves the post out of the sitemap."
        checked={hideFromSearch}
        onChange={onHideFromSearch}
      />
      <TextField
        label="Canonical URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com/original-post"
        maxLength={PUBLISHING_LIMITS.canonicalUrlMax}
        value={canonicalUrl}
        error={canonicalError}
        help="Only for posts first published elsewhere."
        onChange={(e) => onCanonicalUrl(e.target.value)}
      />
    </fieldset>
  );
}
