import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isExternalHref } from '../../lib/site-settings';

const NEW_TAB = ' (opens in a new tab)';

/**
 * A link from the Web Settings: an internal path through the router, an external address as a plain link
 * opening in a new tab, with rel="noopener noreferrer" so the other site can neither reach back into
 * this page nor learn where its visitor came from.
 */
export function SiteLink({
  href,
  className,
  label,
  children,
}: {
  href: string;
  className?: string;
  /** An accessible name when the visible content does not say enough (an icon, a bare network name). */
  label?: string;
  children: ReactNode;
}) {
  if (isExternalHref(href))
    return (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className={className}
        aria-label={label && `${label}${NEW_TAB}`}
      >
        {children}
        {!label && <span className="sr-only">{NEW_TAB}</span>}
      </a>
    );
  return (
    <Link to={href} className={className} aria-label={label}>
      {children}
    </Link>
  );
}
