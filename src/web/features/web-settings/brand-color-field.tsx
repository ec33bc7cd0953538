import { useController, useFormContext } from 'react-hook-form';
import { DEFAULT_BRAND_COLOR, type SiteSettings } from '../../../shared/site-settings';
import { MIN_TEXT_CONTRAST, parseHexColor } from '../../../shared/color';
import { cn } from '../../components/ui/cn';
import { TextField } from '../../components/ui/field';
import { contrastReadout } from './form-model';
import { useFieldError } from './counted-field';

/**
 * The brand colour (the design tokens' brand-600): a colour picker and the same value as #rrggbb text,
 * with a live reading of how white text reads on it. The form refuses a colour below WCAG AA with the
 * shared message, as the server does.
 */
export function BrandColorField() {
  const { control } = useFormContext<SiteSettings>();
  const { field } = useController({ control, name: 'identity.brandColor' });
  const error = useFieldError('identity.brandColor');
  const value = field.value ?? '';
  const valid = parseHexColor(value.trim()) ? value.trim().toLowerCase() : null;
  const readout = contrastReadout(value);

  return (
    <div>
      <div className="flex items-start gap-3">
        <label className="mt-7 shrink-0">
          <span className="sr-only">Pick the brand colour</span>
          <input
            type="color"
            value={valid ?? DEFAULT_BRAND_COLOR}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            className="block h-11 w-14 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
          />
        </label>
        <TextField
          label="Brand colour"
          className="min-w-0 flex-1"
          value={value}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          ref={field.ref}
          name={field.name}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          placeholder="#4f46e5"
          error={error}
          help="Buttons, links and highlights across the site. Hex, e.g. #4f46e5."
        />
        <span
          aria-hidden
          className="mt-7 grid h-11 shrink-0 place-items-center rounded-lg px-3 text-sm font-semibold text-white"
          style={{ backgroundColor: valid ?? DEFAULT_BRAND_COLOR }}
        >
          Aa
        </span>
      </div>
      <p
        aria-live="polite"
        className={cn(
          'mt-2 text-sm',
          readout ? (readout.passes ? 'text-green-800' : 'text-red-700') : 'text-muted',
        )}
      >
        {readout
          ? `White text on this colour: ${readout.ratio}:1, ${readout.passes ? 'readable' : 'too low'} (WCAG AA needs ${MIN_TEXT_CONTRAST}:1).`
          : 'Enter a colour as #rrggbb to see its contrast.'}
      </p>
    </div>
  );
}
