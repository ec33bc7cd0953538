import { cn } from '../ui/cn';

const SIZES = {
  md: 'size-12 text-lg',
  lg: 'size-24 text-3xl',
} as const;

/** The user's photo, or the first letter of their name on a brand tint when there is none. */
export function ProfileAvatar({
  name,
  image,
  size = 'lg',
  className,
}: {
  name: string;
  image?: string | null;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const classes = cn('shrink-0 rounded-full ring-4 ring-white shadow-sm', SIZES[size], className);
  if (image)
    return <img src={image} alt={`Profile photo of ${name}`} className={cn(classes, 'object-cover')} />;
  return (
    <span
      aria-hidden
      className={cn(classes, 'inline-flex items-center justify-center bg-brand-100 font-bold text-brand-800')}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
