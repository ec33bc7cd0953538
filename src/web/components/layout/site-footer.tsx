import { Link } from 'react-router';
import { APP_VERSION } from '../../../shared/constants';
import { LEGAL_LINKS } from '../../../shared/site';
import { SOCIAL_LABELS } from '../../../shared/site-settings';
import { useSiteSettings } from '../../lib/site-settings';
import { NewsletterSignUp } from '../subscribe/newsletter-sign-up';
import { Logo } from './logo';
import { SiteLink } from './site-link';

const heading = 'text-sm font-semibold text-white';
const link = 'text-sm text-slate-300 hover:text-white';

/**
 * The blurb, services, contact block, the footer's own links (the contact form's by default, under the
 * contact details) and social links are the Web Settings' (the spec's by default); the legal links, Login
 * and Sign Up and the copyright line are the spec's. The newsletter sign-up shows when published on.
 */
export function SiteFooter() {
  const { identity, contact, footer, social, navigation } = useSiteSettings();
  const siteName = identity.siteName;
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <Logo tone="light" />
          {footer.blurb && <p className="mt-4 max-w-sm text-sm">{footer.blurb}</p>}
          {social.length > 0 && (
            <ul aria-label="Follow us" className="mt-5 flex flex-wrap gap-2">
              {social.map((item, index) => (
                <li key={index}>
                  <SiteLink
                    href={item.url}
                    label={`${siteName} on ${SOCIAL_LABELS[item.network]}`}
                    className="inline-flex rounded-full border border-slate-700 px-3 py-1 text-xs font-medium text-slate-300 hover:border-slate-500 hover:text-white"
                  >
                    {SOCIAL_LABELS[item.network]}
                  </SiteLink>
                </li>
              ))}
            </ul>
          )}
        </div>
        <nav aria-label="Services">
          <h2 className={heading}>Services</h2>
          <ul className="mt-4 space-y-2">
            {footer.services.map((service, index) => (
              <li key={index}>
                <Link to="/#products" className={link}>
                  {service}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className={heading}>Contact</h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <a href={`mailto:${contact.email}`} className={`${link} break-all`}>
                {contact.email}
              </a>
            </li>
            {contact.phone && (
              <li>
                <a href={`tel:${contact.phone.replace(/\s/g, '')}`} className={link}>
                  {contact.phone}
                </a>
              </li>
            )}
            {contact.address && <li>{contact.address}</li>}
            {navigation.footer.map((item, index) => (
              <li key={index}>
                <SiteLink href={item.href} className={link}>
                  {item.label}
                </SiteLink>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Legal">
          <h2 className={heading}>Legal</h2>
          <ul className="mt-4 space-y-2">
            {LEGAL_LINKS.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={link}>
                  {item.label}
                </Link>
              </li>
            ))}
            <li className="flex gap-3 pt-2">
              <Link to="/login" className={link}>
                Login
              </Link>
              <Link to="/signup" className={link}>
                Sign Up
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <NewsletterSignUp />
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-400 sm:px-6">
          © {new Date().getFullYear()} {siteName}. All rights reserved. {APP_VERSION}
        </p>
      </div>
    </footer>
  );
}
