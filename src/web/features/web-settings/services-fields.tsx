import { useId } from 'react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import {
  SERVICE_ICONS,
  SITE_SETTINGS_LIMITS as L,
  type SiteService,
  type SiteSettings,
} from '../../../shared/site-settings';
import { Badge } from '../../components/ui/badge';
import { OptionSelectField } from '../../components/ui/option-select-field';
import { Switch } from '../../components/ui/switch';
import { SERVICE_ICON_STYLES } from '../../components/site/service-icons';
import { CountedField } from './counted-field';
import { AddButton, ItemControls } from './item-controls';

const ICON_OPTIONS = SERVICE_ICONS.map((icon) => ({ value: icon, label: SERVICE_ICON_STYLES[icon].label }));
const NEW_SERVICE: SiteService = {
  title: '',
  description: '',
  price: '',
  from: true,
  icon: 'globe',
  visible: true,
};

function ServiceItem({
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
  const { control, register } = useFormContext<SiteSettings>();
  const headingId = useId();
  const [title, visible, icon] = useWatch({
    control,
    name: [`services.${index}.title`, `services.${index}.visible`, `services.${index}.icon`],
  });
  const shown = (title ?? '').trim();
  const name = shown || `service ${index + 1}`;
  const Icon = (SERVICE_ICON_STYLES[icon ?? 'palette'] ?? SERVICE_ICON_STYLES.palette).icon;
  return (
    <li className="rounded-xl border border-line p-4 sm:p-5">
      <div role="group" aria-labelledby={headingId}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id={headingId} className="flex min-w-0 items-center gap-2 text-sm font-semibold text-ink">
            <Icon className="size-4 shrink-0 text-muted" aria-hidden />
            <span className="truncate">{`${index + 1}. ${shown || 'New service'}`}</span>
            {!visible && <Badge>Hidden</Badge>}
          </h3>
          <ItemControls
            list="services"
            index={index}
            count={count}
            name={name}
            onMove={onMove}
            onRemove={onRemove}
          />
        </div>
        <div className="mt-4 space-y-4">
          <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
            <CountedField
              name={`services.${index}.title`}
              label="Service title"
              limit={L.serviceTitle}
              required
            />
            <OptionSelectField label="Icon" options={ICON_OPTIONS} {...register(`services.${index}.icon`)} />
          </div>
          <CountedField
            name={`services.${index}.description`}
            label="Description"
            limit={L.serviceDescription}
            rows={2}
          />
          <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
            <CountedField
              name={`services.${index}.price`}
              label="Teaser price"
              limit={L.servicePrice}
              placeholder="$100"
              help="e.g. $100 or Free."
            />
            <div className="space-y-4 sm:pt-7">
              <Controller
                control={control}
                name={`services.${index}.from`}
                render={({ field }) => (
                  <Switch label="Show as 'from' price" checked={field.value} onChange={field.onChange} />
                )}
              />
              <Controller
                control={control}
                name={`services.${index}.visible`}
                render={({ field }) => (
                  <Switch label="Show on the home page" checked={field.value} onChange={field.onChange} />
                )}
              />
            </div>
          </div>
        </div>
      </div>
    </li>
  );
}

/** The home page's service cards: add, remove, reorder, show or hide. */
export function ServicesFields() {
  const { control } = useFormContext<SiteSettings>();
  const services = useFieldArray({ control, name: 'services' });
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">
        The cards under Products on the home page, in this order. Hidden ones stay here for later.
      </p>
      {services.fields.length > 0 && (
        <ol className="space-y-3">
          {services.fields.map((field, index) => (
            <ServiceItem
              key={field.id}
              index={index}
              count={services.fields.length}
              onMove={services.move}
              onRemove={services.remove}
            />
          ))}
        </ol>
      )}
      <AddButton
        list="services"
        label="Add service"
        count={services.fields.length}
        max={L.servicesMax}
        onAdd={() => services.append(NEW_SERVICE, { focusName: `services.${services.fields.length}.title` })}
      />
    </div>
  );
}
