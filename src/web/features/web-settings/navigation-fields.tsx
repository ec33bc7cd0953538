import { useId } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import {
  INTERNAL_LINK_TARGETS,
  SITE_SETTINGS_LIMITS as L,
  type SiteSettings,
} from '../../../shared/site-settings';
import { TextField } from '../../components/ui/field';
import { CountedField, useFieldError } from './counted-field';
import { AddButton, ItemControls } from './item-controls';

const PAGES_LIST_ID = 'web-settings-internal-pages';

function HeaderLink({
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
  const label = useWatch({ control, name: `navigation.header.${index}.label` }) ?? '';
  const hrefError = useFieldError(`navigation.header.${index}.href`);
  return (
    <li className="rounded-xl border border-line p-4">
      <div role="group" aria-labelledby={headingId}>
        <div className="flex items-center justify-between gap-3">
          <h3
            id={headingId}
            className="min-w-0 truncate text-sm font-semibold text-ink"
          >{`${index + 1}. ${label.trim() || 'New link'}`}</h3>
          <ItemControls
            list="header-links"
            index={index}
            count={count}
            name={`the ${label.trim() || `link ${index + 1}`} link`}
            onMove={onMove}
            onRemove={onRemove}
          />
        </div>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <CountedField
            name={`navigation.header.${index}.label`}
            label="Link text"
            limit={L.navLabel}
            required
          />
          <TextField
            label="Goes to"
            list={PAGES_LIST_ID}
            maxLength={L.navHref}
            spellCheck={false}
            autoComplete="off"
            placeholder="/pricing or https://"
            error={hrefError}
            {...register(`navigation.header.${index}.href`)}
          />
        </div>
      </div>
    </li>
  );
}

/** The header's links (signed-out visitors), in order: pages of this site or outside addresses. */
export function NavigationFields() {
  const { control } = useFormContext<SiteSettings>();
  const links = useFieldArray({ control, name: 'navigation.header' });
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">
        A page of this site (/pricing, /#products, ...: checked to exist) or a full https:// address, which
        opens in a new tab.
      </p>
      <datalist id={PAGES_LIST_ID}>
        {INTERNAL_LINK_TARGETS.map((path) => (
          <option key={path} value={path} />
        ))}
      </datalist>
      {links.fields.length > 0 && (
        <ol className="space-y-3">
          {links.fields.map((field, index) => (
            <HeaderLink
              key={field.id}
              index={index}
              count={links.fields.length}
              onMove={links.move}
              onRemove={links.remove}
            />
          ))}
        </ol>
      )}
      <AddButton
        list="header-links"
        label="Add header link"
        count={links.fields.length}
        max={L.navLinksMax}
        onAdd={() =>
          links.append(
            { label: '', href: '/' },
            { focusName: `navigation.header.${links.fields.length}.label` },
          )
        }
      />
    </div>
  );
}
