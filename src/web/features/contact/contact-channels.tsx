import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Activity, BriefcaseBusiness, Clock, LifeBuoy, MapPin, Phone } from 'lucide-react';
import { useSiteSettings } from '../../lib/site-settings';

const link = 'font-medium text-brand-700 underline-offset-4 hover:underline break-all';

function Channel({
  icon: Icon,
  title,
  children,
}: {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-4">
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 text-sm">
        <h3 className="font-semibold text-ink">{title}</h3>
        <div className="mt-0.5 text-muted">{children}</div>
      </div>
    </li>
  );
}

/**
 * 'Other Ways to Reach Us' (docs/product/public-site.md#contact): support, sales, status page; plus the reply-time note. The addresses,
 * phone and office are the Web Settings' (the spec's by default).
 */
export function ContactChannels() {
  const { contact } = useSiteSettings();
  return (
    <aside aria-labelledby="other-ways" className="space-y-6">
      <div className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
        <h2 id="other-ways" className="text-lg font-semibold text-ink">
          Other Ways to Reach Us
        </h2>
        <ul className="mt-6 space-y-5">
          <Channel icon={LifeBuoy} title="Support">
            <p>Help with your account or dashboard.</p>
            <a href={`mailto:${contact.supportEmail}`} className={link}>
              {contact.supportEmail}
            </a>
          </Channel>
          <Channel icon={BriefcaseBusiness} title="Sales">
            <p>Plans, quotes and enterprise set-ups.</p>
            <a href={`mailto:${contact.salesEmail}`} className={link}>
              {contact.salesEmail}
            </a>
          </Channel>
          <Channel icon={Activity} title="Status page">
            <p>Check whether the service is up right now.</p>
            <a href="/api/health" className={link}>
              System status
            </a>
          </Channel>
          {contact.phone && (
            <Channel icon={Phone} title="Phone">
              <a href={`tel:${contact.phone.replace(/\s/g, '')}`} className={link}>
                {contact.phone}
              </a>
            </Channel>
          )}
          {contact.address && (
            <Channel icon={MapPin} title="Office">
              <p>{contact.address}</p>
            </Channel>
          )}
        </ul>
      </div>
      <p className="flex items-start gap-3 rounded-2xl bg-brand-50 p-5 text-sm text-brand-900">
        <Clock className="mt-0.5 size-5 shrink-0" aria-hidden />
        <span>
          We aim to reply within <strong>1 business day</strong>, Monday to Friday.
        </span>
      </p>
    </aside>
  );
}
