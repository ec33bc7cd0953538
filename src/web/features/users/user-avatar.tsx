import { cn } from '../../components/ui/cn';

/** The user's photo, or the initial of their name on a tinted circle. */
export function UserAvatar({
  name,
  image,
  size = 'md',
}: {
  name: string;
  image?: string;
  size?: 'md' | 'lg';
}) {
  const classes = cn('shrink-0 rounded-full', size === 'lg' ? 'size-16 text-2xl' : 'size-9 text-sm');
  if (image) return <img src={image} alt="" className={cn(classes, 'object-cover')} />;
  return (
    <span
      className={cn(classes, 'flex items-center justify-center bg-brand-100 font-bold text-brand-800')}
      aria-hidden
    >
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
