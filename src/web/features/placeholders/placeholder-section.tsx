import { lazy, Suspense } from 'react';
import { Activity, Clock, FlaskConical } from 'lucide-react';
import { DASHBOARD_MESSAGES } from '../../../shared/messages';
import type { SectionProps } from '../../lib/section-props';
import { Badge } from '../../components/ui/badge';
import { Spinner } from '../../components/ui/spinner';
import { hasLiveParts, useLiveFigures } from './live-figures';
import { placeholderFor } from './placeholder-data';
import { TopicCards } from '../../components/ui/topic-cards';

// The figures (and recharts with them) load only when a sample-figure section is opened; card-only sections stay small.
const PlaceholderFigures = lazy(() =>
  import('./placeholder-figures').then((m) => ({ default: m.PlaceholderFigures })),
);

// docs/product/dashboard.md#placeholder-sections: a 300 ms fade as the section appears (CSS @starting-style; none when reduced motion is asked for).
const FADE = 'transition-opacity duration-300 ease-out starting:opacity-0 motion-reduce:transition-none';

/** docs/product/dashboard.md#placeholder-sections "Static placeholder sections": sample figures or four sub-topic cards; no behaviour. */
export function PlaceholderSection({ section }: SectionProps) {
  const heading = section.title ?? section.label;
  // Leads Flow shows the workspace's real lead counts where they exist.
  const content = useLiveFigures(section.key, placeholderFor(section.key));

  if (!content) {
    return (
      <div className={`mx-auto max-w-6xl ${FADE}`}>
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{heading}</h1>
      </div>
    );
  }

  const figures = content.kind === 'figures';
  const partlyLive = figures && hasLiveParts(content);
  return (
    <div className={`mx-auto max-w-6xl space-y-6 ${FADE}`} data-testid={`placeholder-${section.key}`}>
      <header>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{heading}</h1>
          {partlyLive && (
            <Badge color="green" className="gap-1">
              <Activity className="size-3.5" aria-hidden />
              Live lead data
            </Badge>
          )}
          {figures && !partlyLive && (
            <Badge color="amber" className="gap-1">
              <FlaskConical className="size-3.5" aria-hidden />
              Sample data
            </Badge>
          )}
          {content.kind === 'cards' && content.planned && (
            <Badge color="blue" className="gap-1">
              <Clock className="size-3.5" aria-hidden />
              Coming soon
            </Badge>
          )}
        </div>
        <p className="mt-2 max-w-3xl text-sm text-muted sm:text-base">{content.description}</p>
        {figures && (
          <p className="mt-1 text-sm text-muted">
            {partlyLive
              ? 'Lead counts are live from your workspace; figures marked Sample are for illustration only.'
              : 'Sample figures for illustration – these are not live numbers.'}
          </p>
        )}
      </header>

      {figures ? (
        <Suspense fallback={<Spinner label={DASHBOARD_MESSAGES.loading} />}>
          <PlaceholderFigures content={content} />
        </Suspense>
      ) : (
        <TopicCards cards={content.cards} />
      )}
    </div>
  );
}
