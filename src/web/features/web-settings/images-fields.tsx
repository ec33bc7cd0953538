import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { ImagePlus, Trash2 } from 'lucide-react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { BLOG_LIMITS } from '../../../shared/schemas/blog';
import { SITE_SETTINGS_MESSAGES as M } from '../../../shared/messages';
import {
  SITE_SETTINGS_LIMITS as L,
  siteIconPath,
  siteImagePath,
  type SiteImageKind,
  type SiteSettings,
} from '../../../shared/site-settings';
import type { SiteImageUploadAnswer } from '../../../shared/schemas/site-settings';
import { Button, buttonClasses } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { serverMessage } from '../../lib/api-client';
import { useFieldError } from './counted-field';
import { useUploadSiteImage } from './web-settings-api';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/avif,image/svg+xml';

/**
 * One image of the site: upload (or replace) and remove, the server's refusal shown under it. The upload
 * is stored at once; the draft takes its id, and the site shows it only once published.
 */
function ImageField({
  kind,
  label,
  help,
  hasImage,
  preview,
  error,
  onUploaded,
  onRemove,
}: {
  kind: SiteImageKind;
  label: string;
  help: string;
  hasImage: boolean;
  preview: ReactNode;
  error?: string;
  onUploaded(answer: SiteImageUploadAnswer): void;
  onRemove(): void;
}) {
  const inputId = useId();
  const helpId = `${inputId}-help`;
  const errorId = `${inputId}-error`;
  const upload = useUploadSiteImage(kind);
  const [problem, setProblem] = useState('');
  const shown = problem || error;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires a change
    if (!file) return;
    // The server checks the bytes too (413/415, a refused SVG: 400); this only saves a pointless upload.
    if (file.size > BLOG_LIMITS.imageMaxBytes) return setProblem(M.imageTooLarge);
    setProblem('');
    try {
      onUploaded(await upload.mutateAsync(file));
    } catch (failure) {
      setProblem(serverMessage(failure) ?? 'Could not upload the image. Please try again.');
    }
  };

  return (
    <fieldset className="space-y-3 rounded-xl border border-line p-4">
      <legend className="px-1 text-sm font-medium text-ink">{label}</legend>
      {hasImage && preview}
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={inputId}
          aria-disabled={upload.isPending}
          className={buttonClasses(
            'secondary',
            'sm',
            'cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
          )}
        >
          <ImagePlus className="size-4" aria-hidden />
          {upload.isPending ? 'Uploading…' : `${hasImage ? 'Replace' : 'Upload'} ${label.toLowerCase()}`}
          <input
            id={inputId}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            disabled={upload.isPending}
            aria-describedby={[helpId, shown ? errorId : ''].filter(Boolean).join(' ')}
            onChange={(event) => void choose(event)}
          />
        </label>
        {hasImage && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setProblem('');
              onRemove();
            }}
          >
            <Trash2 className="size-4" aria-hidden />
            {`Remove ${label.toLowerCase()}`}
          </Button>
        )}
      </div>
      <p id={helpId} className="text-xs text-muted">
        {help}
      </p>
      {shown && (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-700">
          {shown}
        </p>
      )}
    </fieldset>
  );
}

const FORMATS = 'PNG, JPEG, WebP, GIF, AVIF or SVG (an SVG with scripts or links is refused), up to 5 MB.';

/**
 * The site's images (Admin): the logo (with its alt text, the site name when left empty), the icon
 * (favicon, touch icon, app icon) and the default share image. Each shows on the preview as it will on
 * the site once published.
 */
export function ImagesFields() {
  const { control, register } = useFormContext<SiteSettings>();
  const logo = useController({ control, name: 'identity.logo' });
  const icon = useController({ control, name: 'identity.icon' });
  const share = useController({ control, name: 'identity.shareImage' });
  const siteName = useWatch({ control, name: 'identity.siteName' }) ?? '';
  const current = logo.field.value;
  const altError = useFieldError('identity.logo.alt');
  const logoError = useFieldError('identity.logo');
  const iconError = useFieldError('identity.icon');
  const shareError = useFieldError('identity.shareImage');

  return (
    <div className="space-y-4">
      <ImageField
        kind="logo"
        label="Logo"
        help={`${FORMATS} Shown 32 px tall in the header, footer and dashboard, instead of the mark and name.`}
        hasImage={Boolean(current)}
        error={logoError}
        onUploaded={({ image }) =>
          logo.field.onChange({
            mediaId: image.mediaId,
            width: image.width,
            height: image.height,
            alt: current?.alt ?? '',
          })
        }
        onRemove={() => logo.field.onChange(null)}
        preview={
          current && (
            <div className="space-y-3">
              <div className="flex flex-wrap items-center gap-3">
                <div className="rounded-lg border border-line bg-white p-3">
                  <img
                    src={siteImagePath(current.mediaId)}
                    alt={`Logo preview: ${current.alt || siteName}`}
                    className="h-8 w-auto max-w-[200px] object-contain"
                  />
                </div>
                <div className="rounded-lg bg-slate-900 p-3">
                  <img
                    src={siteImagePath(current.mediaId)}
                    alt=""
                    className="h-8 w-auto max-w-[200px] rounded bg-white object-contain p-0.5"
                  />
                </div>
              </div>
              <TextField
                label="Logo alt text"
                maxLength={L.logoAlt}
                placeholder={siteName}
                help="What a screen reader says for the logo. Left empty, the site name."
                error={altError}
                autoComplete="off"
                {...register('identity.logo.alt')}
              />
            </div>
          )
        }
      />
      <ImageField
        kind="icon"
        label="Icon"
        help={`${FORMATS} Square, at least 512 px: cropped to a square and made into the favicon (32 px), the touch icon (180 px) and the app icons (192 and 512 px).`}
        hasImage={Boolean(icon.field.value)}
        error={iconError}
        onUploaded={({ image }) => icon.field.onChange(image.mediaId)}
        onRemove={() => icon.field.onChange(null)}
        preview={
          icon.field.value && (
            <div className="flex items-end gap-4">
              <img
                src={siteIconPath(icon.field.value, 180)}
                alt="Touch icon preview"
                width={72}
                height={72}
                className="size-18 rounded-2xl border border-line"
              />
              <img
                src={siteIconPath(icon.field.value, 32)}
                alt="Favicon preview"
                width={32}
                height={32}
                className="size-8 rounded border border-line"
              />
            </div>
          )
        }
      />
      <ImageField
        kind="share"
        label="Share image"
        help={`${FORMATS} Cropped to 1200×630: the picture link previews show for pages without their own (a post's featured image stays its own).`}
        hasImage={Boolean(share.field.value)}
        error={shareError}
        onUploaded={({ image }) => share.field.onChange(image.mediaId)}
        onRemove={() => share.field.onChange(null)}
        preview={
          share.field.value && (
            <img
              src={siteImagePath(share.field.value)}
              alt="Share image preview"
              width={1200}
              height={630}
              className="aspect-[1200/630] w-full max-w-sm rounded-lg border border-line object-cover"
            />
          )
        }
      />
    </div>
  );
}
