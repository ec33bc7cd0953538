import { Code, Globe, Route, Tags } from 'lucide-react';
import { TopicCards } from '../../components/ui/topic-cards';

/** The section's four sub-topic cards (docs/product/dashboard.md#placeholder-sections), as every role that may open it has always seen them. */
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
  return <TopicCards cards={CARDS} />;
}
