import { Code, Globe, Route, Tags } from 'lucide-react';
import { Card } from '../../components/ui/card';

/** The section's four sub-topic cards (spec §2), as every role that may open it has always seen them. */
const CARDS = [
  { title: 'Domain and hosting', text: 'The site’s domain, DNS records and SSL certificate.', icon: Globe },
  {
    title: 'Site metadata',
    text: 'Default page titles, descriptions and social sharing images.',
    icon: Tags,
  },
  { title: 'Tracking codes', text: 'Analytics and advertising tags added to every page.', icon: Code },
  {
    title: 'Redirects and sitemap',
    text: 'Moved pages and the sitemap submitted to search engines.',
    icon: Route,
  },
] as const;

export function WebSettingsCards() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {CARDS.map(({ title, text, icon: Icon }) => (
        <li key={title} className="min-w-0">
          <Card className="flex h-full gap-4 p-5 sm:p-6">
            <span className="h-fit shrink-0 rounded-xl bg-brand-50 p-2.5 text-brand-700">
              <Icon className="size-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <h2 className="text-base font-semibold text-ink">{title}</h2>
              <p className="mt-1 text-sm text-muted">{text}</p>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
