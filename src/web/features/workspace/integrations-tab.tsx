import { BarChart3, Cloud, Mail, MessageSquare, type LucideIcon } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';

const INTEGRATIONS: { name: string; text: string; icon: LucideIcon; connected: boolean }[] = [
  {
    name: 'Email',
    text: 'Send campaigns and notifications from your business address.',
    icon: Mail,
    connected: false,
  },
  {
    name: 'Slack',
    text: 'Post lead and project updates to your team channels.',
    icon: MessageSquare,
    connected: true,
  },
  {
    name: 'Analytics',
    text: 'Bring website traffic and conversions into the dashboard.',
    icon: BarChart3,
    connected: false,
  },
  { name: 'Cloud Storage', text: 'Keep shared files and media in one place.', icon: Cloud, connected: false },
];

/** Integrations (docs/product/workspace.md#integrations): static cards; the chat tool reads 'Connected'. */
export function IntegrationsTab() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {INTEGRATIONS.map(({ name, text, icon: Icon, connected }) => (
        <li key={name}>
          <Card className="flex h-full items-start gap-4">
            <span className="rounded-lg bg-brand-50 p-2.5 text-brand-700">
              <Icon className="size-5" aria-hidden />
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="text-sm font-semibold text-ink">{name}</h2>
                <Badge color={connected ? 'green' : 'grey'}>
                  {connected ? 'Connected' : 'Not connected'}
                </Badge>
              </div>
              <p className="mt-1 text-sm text-muted">{text}</p>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
