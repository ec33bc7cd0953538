import { useController, useFormContext } from 'react-hook-form';
import { Link } from 'react-router';
import { SITE_SETTINGS_LIMITS as L, type SiteSettings } from '../../../shared/site-settings';
import { OptionSelectField } from '../../components/ui/option-select-field';
import { Switch } from '../../components/ui/switch';
import { useNewsletterLists } from './web-settings-api';
import { CountedField, useFieldError } from './counted-field';

const NO_LIST = '';

/**
 * The footer's newsletter sign-up (docs/product/web-settings.md#newsletter): on or off, the agency's
 * mailing list it signs up to (its public form, double opt-in as the list says), a heading and a text.
 */
export function NewsletterFields() {
  const { control } = useFormContext<SiteSettings>();
  const enabled = useController({ control, name: 'newsletter.enabled' }).field;
  const listId = useController({ control, name: 'newsletter.listId' }).field;
  const listError = useFieldError('newsletter.listId');
  const lists = useNewsletterLists();
  const known = lists.data ?? [];
  // A list deleted since it was chosen: kept visible as such, so saving again asks for another.
  const missing = listId.value !== null && lists.isSuccess && !known.some((list) => list.id === listId.value);
  const options = [
    { value: NO_LIST, label: 'Choose a list…' },
    ...known.map((list) => ({ value: list.id, label: `${list.name} (${list.optIn} opt-in)` })),
    ...(missing ? [{ value: listId.value!, label: 'A deleted list: choose another' }] : []),
  ];

  return (
    <div className="space-y-6">
      <Switch
        label="Show the newsletter sign-up"
        description="An e-mail field and a Subscribe button above the copyright line of every public page."
        checked={enabled.value}
        onChange={enabled.onChange}
      />
      <OptionSelectField
        label="Mailing list"
        name={listId.name}
        options={options}
        value={listId.value ?? NO_LIST}
        disabled={lists.isPending}
        error={
          listError ?? (lists.isError ? 'The mailing lists could not be loaded. Reload the page.' : undefined)
        }
        help={
          <>
            The list visitors sign up to; its consent text shows beside the button. Lists are kept in{' '}
            <Link to="/dashboard/campaign-setup" className="underline">
              Audience
            </Link>
            .
          </>
        }
        onChange={(event) => listId.onChange(event.target.value === NO_LIST ? null : event.target.value)}
        onBlur={listId.onBlur}
      />
      {lists.isSuccess && known.length === 0 && (
        <p className="text-sm text-muted">No mailing lists yet: create one in Audience first.</p>
      )}
      <CountedField name="newsletter.heading" label="Heading" limit={L.newsletterHeading} required />
      <CountedField name="newsletter.text" label="Text" limit={L.newsletterText} rows={2} />
    </div>
  );
}
