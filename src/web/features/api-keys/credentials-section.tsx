import type { SectionProps } from '../../lib/section-props';
import { TopicCards, type TopicCard } from '../../components/ui/topic-cards';
import { ApiKeysPanel } from './api-keys-panel';

// docs/product/dashboard.md#placeholder-sections: the same 300 ms fade as the other sections.
const FADE = 'transition-opacity duration-300 ease-out starting:opacity-0 motion-reduce:transition-none';

/**
 * Credentials for a workspace's Admin or Business Admin (docs/product/integrations.md#api-keys): the live
 * API keys in place of their sample card, and the section's other sample cards as they were.
 */
export function CredentialsSection({
  section,
  user,
  description,
  sampleCards,
}: SectionProps & { description: string; sampleCards: readonly TopicCard[] }) {
  return (
    <div className={`mx-auto max-w-6xl space-y-6 ${FADE}`} data-testid="credentials-section">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {section.title ?? section.label}
        </h1>
        <p className="mt-2 max-w-3xl text-sm text-muted sm:text-base">{description}</p>
      </header>
      <ApiKeysPanel userId={user.id} />
      <TopicCards cards={sampleCards} />
    </div>
  );
}
