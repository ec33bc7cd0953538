import { SITE_SETTINGS_LIMITS as L } from '../../../shared/site-settings';
import { BrandColorField } from './brand-color-field';
import { CountedField } from './counted-field';
import { DatesFields } from './dates-fields';
import { ImagesFields } from './images-fields';

/**
 * Site identity: the name (logo, titles, structured data), the tagline, the meta description, the colour,
 * the public dates' language and time zone, and the images (logo, icon, share image).
 */
export function IdentityFields() {
  return (
    <div className="space-y-5">
      <CountedField
        name="identity.siteName"
        label="Site name"
        limit={L.siteName}
        required
        help="Beside the mark (or the uploaded logo's alt text), in every page title and in search results."
      />
      <CountedField
        name="identity.tagline"
        label="Tagline"
        limit={L.tagline}
        help="The small line above the home page's title."
      />
      <CountedField
        name="identity.metaDescription"
        label="Meta description"
        limit={L.metaDescription}
        rows={3}
        help="The home page's summary in search results and link previews."
      />
      <BrandColorField />
      <DatesFields />
      <ImagesFields />
    </div>
  );
}
