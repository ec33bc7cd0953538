import { Link } from 'react-router';
import { useSiteName } from '../../app/page-meta';

export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const siteName = useSiteName();
  return (
    <Link to="/" className="inline-flex items-center gap-2 rounded-md font-bold tracking-tight">
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden>
        {/* The brand token, so a brand colour chosen in Web Settings colours the mark too. */}
        <rect width="32" height="32" rx="8" className="fill-brand-600" />
        <path d="M9 23 16 8l7 15h-4l-3-7-3 7z" fill="#fff" />
      </svg>
      <span className={tone === 'light' ? 'text-white' : 'text-ink'}>{siteName}</span>
    </Link>
  );
}
