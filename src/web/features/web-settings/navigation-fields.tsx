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

type LinkListName = 'header' | 'footer';

const LISTS: Record<LinkListName, { list: string; heading: string; help: string; add: string; max: number }> =
  {
    header: {
      list: 'header-links',
      heading: 'Header links',
      help: 'Beside the logo for signed-out visitors, in this order.',
      add: 'Add header link',
      max: L.navLinksMax,
    },
    footer: {
      list: 'footer-links',
      heading: 'Footer links',
      help: 'Under the contact details in the footer, in this order. The legal links, Login and Sign Up always show.',
      add: 'Add footer link',
      max: L.footerLinksMax,
    },
  };

function LinkItem({
  which,
  index,
  count,
  onMove,
  onRemove,
}: {
  which: LinkListName;
  index: number;
  count: number;
  onMove(from: number, to: number): void;
  onRemove(index: number): void;
}) {
  const { control, register } = useFormContext<SiteSettings>();
  const headingId = useId();
  const label = useWatch({ control, name: `navigation.${which}.${index}.label` }) ?? '';
  const hrefError = useFieldError(`navigation.${which}.${index}.href`);
  return (
    <li className="rounded-xl border border-line p-4">
      <div role="group" aria-labelledby={headingId}>
        <div className="flex items-center justify-between gap-3">
          <h4
            id={headingId}
            className="min-w-0 truncate text-sm font-semibold text-ink"
          >{`${index + 1}. ${label.trim() || 'New link'}`}</h4>
          <ItemControls
            list={LISTS[which].list}
            index={index}
            count={count}
            name={`the ${label.trim() || `${which} link ${index + 1}`} ${which} link`}
            onMove={onMove}
            onRemove={onRemove}
          />
        </div>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <CountedField
            name={`navigation.${which}.${index}.label`}
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
            {...register(`navigation.${which}.${index}.href`)}
          />
        </div>
      </div>
    </li>
  );
}

/** One list of links (the header's or the footer's), in order: add, edit, move, remove. */
function LinkList({ which }: { which: LinkListName }) {
  const { control } = useFormContext<SiteSettings>();
  const links = useFieldArray({ control, name: `navigation.${which}` });
  const { list, heading, help, add, max } = LISTS[which];
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div>
        <h3 id={headingId} className="text-base font-semibold text-ink">
          {heading}
        </h3>
        <p className="text-sm text-muted">{help}</p>
      </div>
      {links.fields.length > 0 && (
        <ol className="space-y-3">
          {links.fields.map((field, index) => (
            <LinkItem
              key={field.id}
              which={which}
              index={index}
              count={links.fields.length}
              onMove={links.move}
              onRemove={links.remove}
            />
          ))}
        </ol>
      )}
      <AddButton
        list={list}
        label={add}
        count={links.fields.length}
        max={max}
        onAdd={() =>
          links.append(
            { label: '', href: '/' },
            { focusName: `navigation.${which}.${links.fields.length}.label` },
          )
        }
      />
    </section>
  );
}

/** The header's links (signed-out visitors) and the footer's: pages of this site or outside addresses. */
export function NavigationFields() {
  return (
    <div className="space-y-6">
      <p className="text-sm text-muted">
        A page of this site (/pricing, /#products, ...: checked to exist) or a full https:// address, which
        opens in a new tab.
      </p>
      <datalist id={PAGES_LIST_ID}>
        {INTERNAL_LINK_TARGETS.map((path) => (
          <option key={path} value={path} />
        ))}
      </datalist>
      <LinkList which="header" />
      <LinkList which="footer" />
    </div>
  );
}
