import type { LucideIcon } from 'lucide-react';
import { Card } from './card';

/** One sub-topic card of a card-only section. */
export interface TopicCard {
  title: string;
  text: string;
  icon: LucideIcon;
}

/** A card-only section's four sub-topic cards (docs/product/dashboard.md#placeholder-sections): icon, title and a line each, no behaviour. */
export function TopicCards({ cards }: { cards: readonly TopicCard[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {cards.map(({ title, text, icon: Icon }) => (
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
