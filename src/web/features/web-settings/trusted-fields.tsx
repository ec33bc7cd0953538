import { useId, useState, type ChangeEvent } from 'react';
import { ImagePlus } from 'lucide-react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { BLOG_LIMITS } from '../../../shared/schemas/blog';
import { SITE_SETTINGS_MESSAGES as M } from '../../../shared/messages';
import { SITE_SETTINGS_LIMITS as L, siteImagePath, type SiteSettings } from '../../../shared/site-settings';
import { Badge } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';
import { Switch } from '../../components/ui/switch';
import { serverMessage } from '../../lib/api-client';
import { companyLogo, CompanyLogoMark } from '../../components/site/company-logos';
import { CountedField, useFieldError } from './counted-field';
import { addButtonId, ItemControls } from './item-controls';
import { useUploadSiteImage } from './web-settings-api';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/avif,image/svg+xml';
const LIST = 'trusted-logos';

function TrustedItem({
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
  const { control } = useFormContext<SiteSettings>();
  const headingId = useId();
  const [name, visible, builtIn, mediaId] = useWatch({
    control,
    name: [
      `trustedBy.${index}.name`,
      `trustedBy.${index}.visible`,
      `trustedBy.${index}.builtIn`,
      `trustedBy.${index}.mediaId`,
    ],
  });
  const imageError = useFieldError(`trustedBy.${index}.mediaId`);
  const shown = (name ?? '').trim();
  const mark = builtIn ? companyLogo(builtIn) : undefined;
  return (
    <li className="rounded-xl border border-line p-4">
      <div role="group" aria-labelledby={headingId}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id={headingId} className="flex min-w-0 items-center gap-2 text-sm font-semibold text-ink">
            <span className="truncate">{`${index + 1}. ${shown || 'New logo'}`}</span>
            {!visible && <Badge>Hidden</Badge>}
          </h3>
          <ItemControls
            list={LIST}
            index={index}
            count={count}
            name={`the ${shown || `logo ${index + 1}`} logo`}
            onMove={onMove}
            onRemove={onRemove}
          />
        </div>
        <div className="mt-3 grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)] sm:items-start">
          <div className="flex h-14 items-center justify-center rounded-lg border border-line bg-white px-3">
            {mark ? (
              <CompanyLogoMark logo={mark} decorative />
            ) : mediaId ? (
              <img
                src={siteImagePath(mediaId)}
                alt=""
                className="h-8 w-auto max-w-[160px] object-contain opacity-70 grayscale"
              />
            ) : null}
          </div>
          <div className="space-y-3">
            <CountedField
              name={`trustedBy.${index}.name`}
              label="Company name (alt text)"
              limit={L.trustedName}
              required
              help={
                mark
                  ? 'Built-in wordmark: what a screen reader says for it.'
                  : 'What a screen reader says for the logo.'
              }
            />
            <Controller
              control={control}
              name={`trustedBy.${index}.visible`}
              render={({ field }) => (
                <Switch label="Show on the home page" checked={field.value} onChange={field.onChange} />
              )}
            />
            {imageError && (
              <p role="alert" className="text-xs font-medium text-red-700">
                {imageError}
              </p>
            )}
          </div>
        </div>
      </div>
    </li>
  );
}

/** Adds an uploaded logo at the end of the list; the server makes it a PNG at most 96 px tall. */
function UploadLogoButton({ count, onUploaded }: { count: number; onUploaded(mediaId: string): void }) {
  const inputId = addButtonId(LIST);
  const helpId = `${inputId}-help`;
  const errorId = `${inputId}-error`;
  const upload = useUploadSiteImage('trusted');
  const [problem, setProblem] = useState('');
  const full = count >= L.trustedMax;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > BLOG_LIMITS.imageMaxBytes) return setProblem(M.imageTooLarge);
    setProblem('');
    try {
      onUploaded((await upload.mutateAsync(file)).image.mediaId);
    } catch (failure) {
      setProblem(serverMessage(failure) ?? 'Could not upload the image. Please try again.');
    }
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={inputId}
          aria-disabled={upload.isPending || full}
          className={buttonClasses(
            'secondary',
            'sm',
            `has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${full ? 'cursor-not-allowed opacity-60' : 'cursor-pointer'}`,
          )}
        >
          <ImagePlus className="size-4" aria-hidden />
          {upload.isPending ? 'Uploading…' : 'Upload a logo'}
          <input
            id={inputId}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            disabled={upload.isPending || full}
            aria-describedby={[helpId, problem ? errorId : ''].filter(Boolean).join(' ')}
            onChange={(event) => void choose(event)}
          />
        </label>
        <span className="text-xs text-muted">
          {full ? `The most there can be is ${L.trustedMax}.` : `${count} of at most ${L.trustedMax}`}
        </span>
      </div>
      <p id={helpId} className="text-xs text-muted">
        PNG, JPEG, WebP, GIF, AVIF or SVG (an SVG with scripts or links is refused), up to 5 MB. Made at most
        96 px tall; shown 32 px tall, in grey, like the built-in wordmarks.
      </p>
      {problem && (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}

/** The home page's trusted-by strip: the built-in wordmarks and uploaded logos, in order, shown or hidden. */
export function TrustedFields() {
  const { control } = useFormContext<SiteSettings>();
  const logos = useFieldArray({ control, name: 'trustedBy' });
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">
        The logos under the home page&apos;s hero, in this order (the strip repeats them as it scrolls).
        Hidden ones stay here for later; with none shown, the strip is left out.
      </p>
      {logos.fields.length > 0 && (
        <ol className="space-y-3">
          {logos.fields.map((field, index) => (
            <TrustedItem
              key={field.id}
              index={index}
              count={logos.fields.length}
              onMove={logos.move}
              onRemove={logos.remove}
            />
          ))}
        </ol>
      )}
      <UploadLogoButton
        count={logos.fields.length}
        onUploaded={(mediaId) =>
          logos.append(
            { name: '', builtIn: null, mediaId, visible: true },
            { focusName: `trustedBy.${logos.fields.length}.name` },
          )
        }
      />
    </div>
  );
}
