import { SITE_SETTINGS_LIMITS as L } from '../../../shared/site-settings';
import { CountedField } from './counted-field';

/** The home page's hero: title and its highlighted end, the text under it, the button's label. */
export function HeroFields() {
  return (
    <div className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-[3fr_2fr]">
        <CountedField name="hero.title" label="Hero title" limit={L.heroTitle} required />
        <CountedField
          name="hero.highlight"
          label="Highlighted words"
          limit={L.heroHighlight}
          help="Shown after the title in the brand colour."
        />
      </div>
      <CountedField name="hero.text" label="Hero text" limit={L.heroText} rows={4} />
      <CountedField
        name="hero.ctaLabel"
        label="Call-to-action label"
        limit={L.heroCta}
        required
        help="The button that sends the visitor's project note to the contact form."
      />
    </div>
  );
}
