import { useId } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import {
  SITE_SETTINGS_LIMITS as L,
  SOCIAL_LABELS,
  SOCIAL_NETWORKS,
  type SiteSettings,
} from '../../../shared/site-settings';
import { TextField } from '../../components/ui/field';
import { OptionSelectField } from '../../components/ui/option-select-field';
import { CountedField, useFieldError } from './counted-field';
import { AddButton, ItemControls } from './item-controls';

const NETWORK_OPTIONS = SOCIAL_NETWORKS.map((network) => ({ value: network, label: SOCIAL_LABELS[network] }));

function SocialLink({
  index,
  count,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  onMove(from: number, to: number): void;
  onRemove(index: number): void;
}) {
  const { register, control } = useFormContext<SiteSettings>();
  const headingId = useId();
  const network = useWatch({ control, name: `social.${index}.network` });
  const name = `${SOCIAL_LABELS[network] ?? 'social'} link`;
  const urlError = useFieldError(`social.${index}.url`);
  return (
    <li className="rounded-xl border border-line p-4">
      <div role="group" aria-labelledby={headingId}>
        <div className="flex items-center justify-between gap-3">
          <h3
            id={headingId}
            className="min-w-0 truncate text-sm font-semibold text-ink"
          >{`${index + 1}. ${SOCIAL_LABELS[network] ?? 'Social link'}`}</h3>
          <ItemControls
            list="social"
            index={index}
            count={count}
            name={name}
            onMove={onMove}
            onRemove={onRemove}
          />
        </div>
        <div className="mt-3 grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
          <OptionSelectField
            label="Network"
            options={NETWORK_OPTIONS}
            {...register(`social.${index}.network`)}
          />
          <TextField
            label={`${SOCIAL_LABELS[network] ?? 'Profile'} address`}
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={L.navHref}
            spellCheck={false}
            autoComplete="off"
            error={urlError}
            {...register(`social.${index}.url`)}
          />
        </div>
      </div>
    </li>
  );
}

/** Contact points (header, footer, contact and legal pages, pricing) and the footer's social links. */
export function ContactFields() {
  const { control, getValues } = useFormContext<SiteSettings>();
  const social = useFieldArray({ control, name: 'social' });
  const addSocial = () => {
    const used = new Set(getValues('social').map((item) => item.network));
    social.append(
      { network: SOCIAL_NETWORKS.find((n) => !used.has(n)) ?? 'linkedin', url: '' },
      { focusName: `social.${social.fields.length}.url` },
    );
  };

  return (
    <div className="space-y-8">
      <fieldset className="space-y-5">
        <legend className="text-base font-semibold text-ink">Contact</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <CountedField
            name="contact.email"
            label="Contact e-mail"
            type="email"
            limit={L.email}
            required
            help="Header and footer."
          />
          <CountedField
            name="contact.phone"
            label="Phone"
            type="tel"
            limit={L.phone}
            help="Footer, contact and legal pages."
          />
          <CountedField
            name="contact.supportEmail"
            label="Support e-mail"
            type="email"
            limit={L.email}
            required
            help="Contact and legal pages."
          />
          <CountedField
            name="contact.salesEmail"
            label="Sales e-mail"
            type="email"
            limit={L.email}
            required
            help="Contact page and the Enterprise plan."
          />
        </div>
        <CountedField
          name="contact.address"
          label="Address"
          limit={L.address}
          help="Footer, contact and legal pages."
        />
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-ink">Social links</legend>
        <p className="text-sm text-muted">Shown in the footer; each opens in a new tab.</p>
        {social.fields.length > 0 && (
          <ul className="space-y-3">
            {social.fields.map((field, index) => (
              <SocialLink
                key={field.id}
                index={index}
                count={social.fields.length}
                onMove={social.move}
                onRemove={social.remove}
              />
            ))}
          </ul>
        )}
        <AddButton
          list="social"
          label="Add social link"
          count={social.fields.length}
          max={L.socialLinksMax}
          onAdd={addSocial}
        />
      </fieldset>
    </div>
  );
}
