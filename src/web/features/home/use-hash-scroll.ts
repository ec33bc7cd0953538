import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * In-app links to /#products and /#security (header, footer) change only the URL: bring the section into
 * view, and move focus there so keyboard and screen-reader users land on it too. A full page load is
 * scrolled by the browser itself.
 */
export function useHashScroll(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [hash, key]);
}
