import { Link } from 'react-router';
import { APP_VERSION } from '../../../shared/constants';
import { FOOTER_SERVICES, LEGAL_LINKS, SITE_CONTACT } from '../../../shared/site';
import { useSiteName } from '../../app/page-meta';
import { Logo } from './logo';

const heading = 'text-sm font-semibold text-white';
const link = 'text-sm text-slate-300 hover:text-white';

export function SiteFooter() {
  const siteName = useSiteName();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <Logo tone="light" />
          <p className="mt-4 max-w-sm text-sm">
            Websites, brands and the business dashboard that runs them, from one agency.
          </p>
        </div>
        <nav aria-label="Services">
          <h2 className={heading}>Services</h2>
          <ul className="mt-4 space-y-2">
            {FOOTER_SERVICES.map((service) => (
              <li key={service}>
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
              <a href={`mailto:${SITE_CONTACT.email}`} className={link}>
                {SITE_CONTACT.email}
              </a>
            </li>
            <li>
              <a href={`tel:${SITE_CONTACT.phone.replace(/\s/g, '')}`} className={link}>
                {SITE_CONTACT.phone}
              </a>
            </li>
            <li>{SITE_CONTACT.address}</li>
            <li>
              <Link to="/contact" className={link}>
                Contact form
              </Link>
            </li>
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
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-400 sm:px-6">
          © {new Date().getFullYear()} {siteName}. All rights reserved. {APP_VERSION}
        </p>
      </div>
    </footer>
  );
}
