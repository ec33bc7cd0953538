import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { ImagePlus, X } from 'lucide-react';
import { BLOG_LIMITS } from '../../../shared/schemas/blog';
import { BLOG_MESSAGES } from '../../../shared/messages';
import { buttonClasses } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { mediaUrl } from '../../lib/media-url';
import { hasImage, type ImageDraft } from './blog-form-model';

/** A preview address for the draft: an object URL for a new file, else the stored image's address. */
export function useImagePreview(image: ImageDraft): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image.file) return setObjectUrl(null);
    const url = URL.createObjectURL(image.file);
    setObjectUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [image.file]);
  if (image.file) return objectUrl;
  return image.existing && !image.removed ? mediaUrl(image.existing.path) : null;
}

/** Featured image (docs/product/blog.md#featured-images): image files only, preview, remove button, alt text once an image is chosen. */
export function FeaturedImageField({
  image,
  previewUrl,
  altText,
  fallbackAlt,
  error,
  altError,
  onImage,
  onAltText,
}: {
  image: ImageDraft;
  previewUrl: string | null;
  altText: string;
  fallbackAlt: string;
  error?: string;
  altError?: string;
  onImage(next: ImageDraft, problem?: string): void;
  onAltText(value: string): void;
}) {
  const inputId = useId();
  const helpId = `${inputId}-help`;
  const errorId = `${inputId}-error`;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires a change
    if (!file) return;
    // The server checks the bytes too (413/415); this only saves a pointless upload.
    if (!file.type.startsWith('image/')) return onImage(image, BLOG_MESSAGES.imageNotAnImage);
    if (file.size > BLOG_LIMITS.imageMaxBytes) return onImage(image, BLOG_MESSAGES.imageTooLarge);
    onImage({ ...image, file, removed: false });
  };

  return (
    <fieldset className="space-y-3">
      <legend className="mb-1.5 block text-sm font-medium text-ink">Featured Image</legend>
      {hasImage(image) && previewUrl ? (
        <div className="relative max-w-sm overflow-hidden rounded-xl border border-line bg-slate-50">
          <img
            src={previewUrl}
            alt={altText || fallbackAlt || 'Featured image preview'}
            className="aspect-video w-full object-cover"
          />
          <button
            type="button"
            onClick={() => onImage({ ...image, file: null, removed: true })}
            aria-label="Remove featured image"
            className="absolute right-2 top-2 rounded-full bg-white/95 p-1.5 text-ink shadow ring-1 ring-line hover:bg-red-50 hover:text-red-700"
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={inputId}
          className={buttonClasses(
            'secondary',
            'sm',
            'cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
          )}
        >
          <ImagePlus className="size-4" aria-hidden />
          {hasImage(image) ? 'Replace image' : 'Upload image'}
          <input
            id={inputId}
            type="file"
            accept="image/*"
            className="sr-only"
            aria-describedby={[helpId, error ? errorId : ''].filter(Boolean).join(' ')}
            onChange={choose}
          />
        </label>
        <p id={helpId} className="text-xs text-muted">
          Any image type, up to 5 MB. Resized copies are made for phones and desktops.
        </p>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
      {hasImage(image) && (
        <TextField
          label="Image Alt Text"
          value={altText}
          maxLength={200}
          placeholder="Describe the image for screen readers and search engines"
          help="Left empty, the post title is used."
          error={altError}
          onChange={(e) => onAltText(e.target.value)}
        />
      )}
    </fieldset>
  );
}
