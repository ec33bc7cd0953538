import { BarChart3, Cloud, MessagesSquare } from 'lucide-react';
import type { TopicCard } from '../../components/ui/topic-cards';

/**
 * The spec's cards of Manage Integrations that are not real yet (docs/product/integrations.md#live-cards):
 * shown as samples, labelled. Its e-mail card is the live one now.
 */
export const SAMPLE_INTEGRATIONS: readonly TopicCard[] = [
  { title: 'Team chat', text: 'Post updates and alerts to your team chat channels.', icon: MessagesSquare },
  {
    title: 'Analytics',
    text: 'Bring website and campaign numbers in from analytics tools.',
    icon: BarChart3,
  },
  { title: 'Cloud storage', text: 'Attach and share files from your cloud drive.', icon: Cloud },
];
