import { useFormContext, useWatch } from 'react-hook-form';
import { SITE_SETTINGS_LIMITS as L, type SiteSettings } from '../../../shared/site-settings';
import {
  canonicalLocale,
  canonicalTimeZone,
  longPublicDate,
  shortPublicDate,
} from '../../../shared/public-dates';
import { TextField } from '../../components/ui/field';
import { useFieldError } from './counted-field';

const LOCALES_LIST_ID = 'web-settings-locales';
const ZONES_LIST_ID = 'web-settings-time-zones';

/** Suggestions only: any language tag the server knows is accepted. */
const COMMON_LOCALES = [
  'en-US',
  'en-GB',
  'en-IN',
  'en-AU',
  'en-CA',
  'fr-FR',
  'de-DE',
  'es-ES',
  'it-IT',
  'nl-NL',
  'pt-BR',
  'ja-JP',
  'hi-IN',
];

function timeZones(): string[] {
  try {
    return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
  } catch {
    return ['UTC'];
  }
}

/** The date the sample shows: a fixed one, so the server's and the browser's render agree. */
const SAMPLE = '2026-11-21T18:30:00.000Z';

/**
 * The public site's language and time zone: how the blog's dates read (lists and posts), the pages'
 * language and the feed's. The sample shows both formats as typed, once the server would accept them.
 */
export function DatesFields() {
  const { control, register } = useFormContext<SiteSettings>();
  const [locale, timeZone] = useWatch({ control, name: ['identity.locale', 'identity.timeZone'] });
  const localeError = useFieldError('identity.locale');
  const zoneError = useFieldError('identity.timeZone');
  const usableLocale = canonicalLocale((locale ?? '').trim());
  const usableZone = canonicalTimeZone((timeZone ?? '').trim());
  const settings = usableLocale && usableZone ? { locale: usableLocale, timeZone: usableZone } : null;
  return (
    <fieldset className="space-y-4 rounded-xl border border-line p-4">
      <legend className="px-1 text-sm font-medium text-ink">Dates and language</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Language and date format"
          list={LOCALES_LIST_ID}
          maxLength={L.locale}
          spellCheck={false}
          autoComplete="off"
          placeholder="en-US"
          help="A language tag such as en-US, en-GB or de-DE: the pages' language and the feed's."
          error={localeError}
          {...register('identity.locale')}
        />
        <TextField
          label="Time zone"
          list={ZONES_LIST_ID}
          maxLength={L.timeZone}
          spellCheck={false}
          autoComplete="off"
          placeholder="UTC"
          help="The day a post was published in this zone is the one shown, e.g. America/New_York."
          error={zoneError}
          {...register('identity.timeZone')}
        />
      </div>
      <datalist id={LOCALES_LIST_ID}>
        {COMMON_LOCALES.map((tag) => (
          <option key={tag} value={tag} />
        ))}
      </datalist>
      <datalist id={ZONES_LIST_ID}>
        {timeZones().map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <p className="text-sm text-muted" data-testid="date-sample">
        {settings
          ? `Posts will read: ${shortPublicDate(SAMPLE, settings)} in lists, ${longPublicDate(SAMPLE, settings)} on the post.`
          : 'Enter a language tag and a time zone to see how dates will read.'}
      </p>
    </fieldset>
  );
}
