import { Link } from 'react-router';
import { siteImagePath } from '../../../shared/site-settings';
import { useSiteSettings } from '../../lib/site-settings';

/** Shown at most this tall (CSS px); an uploaded logo keeps its proportions, up to this wide. */
const LOGO_HEIGHT = 32;
const LOGO_MAX_WIDTH = 200;

/**
 * The site's logo, linking home: the uploaded one from Web Settings (its alt text, else the site name, is
 * the link's name) or the built-in mark in the brand colour beside the name.
 */
export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const { identity } = useSiteSettings();
  const { logo, siteName } = identity;
  if (logo) {
    const width = Math.min(LOGO_MAX_WIDTH, Math.round((logo.width / logo.height) * LOGO_HEIGHT));
    return (
      <Link to="/" className="inline-flex items-center rounded-md" data-testid="site-logo">
        <img
          src={siteImagePath(logo.mediaId)}
          alt={logo.alt || siteName}
          width={width}
          height={LOGO_HEIGHT}
          className={`h-8 w-auto max-w-[200px] object-contain${tone === 'light' ? ' rounded bg-white p-0.5' : ''}`}
        />
      </Link>
    );
  }
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
