import { useController, useFormContext } from 'react-hook-form';
import { SITE_SETTINGS_LIMITS as L, type SiteSettings } from '../../../shared/site-settings';
import { TextField } from '../../components/ui/field';
import { CountedField, useFieldError } from './counted-field';
import { moved } from './form-model';
import { AddButton, ItemControls } from './item-controls';

function FooterServiceName({
  index,
  value,
  count,
  onChange,
  onMove,
  onRemove,
}: {
  index: number;
  value: string;
  count: number;
  onChange(value: string): void;
  onMove(from: number, to: number): void;
  onRemove(index: number): void;
}) {
  const error = useFieldError(`footer.services.${index}`);
  return (
    <li className="flex items-start gap-3">
      <TextField
        label={`Footer service ${index + 1}`}
        className="min-w-0 flex-1"
        value={value}
        maxLength={L.footerService}
        autoComplete="off"
        error={error}
        name={`footer.services.${index}`}
        help={`${value.length}/${L.footerService}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="mt-7">
        <ItemControls
          list="footer-services"
          index={index}
          count={count}
          name={value.trim() || `footer service ${index + 1}`}
          onMove={onMove}
          onRemove={onRemove}
        />
      </div>
    </li>
  );
}

/** The footer's text under the logo and its list of services (each links to the home page's services). */
export function FooterFields() {
  const { control } = useFormContext<SiteSettings>();
  const { field } = useController({ control, name: 'footer.services' });
  const names = field.value ?? [];
  const set = (next: string[]) => field.onChange(next);

  return (
    <div className="space-y-8">
      <CountedField
        name="footer.blurb"
        label="Footer text"
        limit={L.footerBlurb}
        rows={3}
        help="Under the logo at the foot of every page."
      />
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-ink">Footer services</legend>
        <p className="text-sm text-muted">The Services column of the footer, in this order.</p>
        {names.length > 0 && (
          <ol className="space-y-3">
            {names.map((name, index) => (
              <FooterServiceName
                key={index}
                index={index}
                value={name}
                count={names.length}
                onChange={(value) => set(names.map((n, i) => (i === index ? value : n)))}
                onMove={(from, to) => set(moved(names, from, to))}
                onRemove={(at) => set(names.filter((_, i) => i !== at))}
              />
            ))}
          </ol>
        )}
        <AddButton
          list="footer-services"
          label="Add footer service"
          count={names.length}
          max={L.footerServicesMax}
          onAdd={() => set([...names, ''])}
        />
      </fieldset>
    </div>
  );
}
