import { useId, useState, type ChangeEvent } from 'react';
import { Camera, Trash2 } from 'lucide-react';
import { buttonClasses, Button } from '../../components/ui/button';
import { ProfileAvatar } from '../../components/profile/profile-avatar';
import { readImageFile } from './read-image';

/** Edit-mode picture area: preview, 'Change photo' (read as a data URL) and 'Remove photo'. */
export function ProfilePhotoField({
  name,
  value,
  error,
  onChange,
}: {
  name: string;
  value: string;
  error?: string;
  onChange(value: string): void;
}) {
  const inputId = useId();
  const messageId = `${inputId}-message`;
  const [problem, setProblem] = useState<string | null>(null);
  const message = problem ?? error;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires a change
    if (!file) return;
    try {
      onChange(await readImageFile(file));
      setProblem(null);
    } catch (caught) {
      setProblem(caught instanceof Error ? caught.message : String(caught));
    }
  };

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center">
      <ProfileAvatar name={name} image={value} />
      <div className="flex flex-col items-center gap-2 sm:items-start">
        <div className="flex flex-wrap justify-center gap-2">
          <label
            htmlFor={inputId}
            className={buttonClasses(
              'secondary',
              'sm',
              'cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
            )}
          >
            <Camera className="size-4" aria-hidden />
            Change photo
            <input
              id={inputId}
              type="file"
              accept="image/*"
              className="sr-only"
              aria-describedby={message ? messageId : undefined}
              onChange={(event) => void choose(event)}
            />
          </label>
          {value && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                onChange('');
                setProblem(null);
              }}
            >
              <Trash2 className="size-4" aria-hidden />
              Remove photo
            </Button>
          )}
        </div>
        <p className="text-xs text-muted">PNG, JPEG, WebP or GIF, up to 1 MB.</p>
        {message && (
          <p id={messageId} role="alert" className="text-xs font-medium text-red-700">
            {message}
          </p>
        )}
      </div>
    </div>
  );
}
