import { useEffect, useState } from 'react';
import { format } from 'date-fns';
import { LEAD_STATUSES, type LeadSummary } from '../../../shared/schemas/leads';
import { api } from '../../lib/api-client';
import type { FiguresContent, PlaceholderContent, SampleStat } from './placeholder-data';

/** Sections whose sample layout shows the workspace's real lead counts where those exist (Conversion Tracking is live of its own: features/analytics). */
const LIVE: Partial<Record<string, (content: FiguresContent, summary: LeadSummary) => FiguresContent>> = {
  'leads-flow': (content, summary) => {
    const total = totalOf(summary);
    const thisMonth = summary.byMonth.find((m) => m.month === format(new Date(), 'yyyy-MM'))?.total ?? 0;
    const stats = replaceStats(content.stats, [
      { value: thisMonth },
      {
        value: summary.byStatus.Qualified,
        hint: `${percent(summary.byStatus.Qualified, total)}% of all leads`,
      },
      { value: summary.byStatus.Converted, hint: 'All time' },
    ]);
    const data = LEAD_STATUSES.map((status) => ({ label: status, primary: summary.byStatus[status] ?? 0 }));
    return {
      ...content,
      stats,
      chart: { ...content.chart, caption: 'Leads at each status', data, live: true },
    };
  },
};

// Kept between visits so a section opened again shows the last real figures at once.
let lastSummary: LeadSummary | null = null;

/**
 * The section's content with real lead counts in place of the sample ones they stand for (marked `live`);
 * everything else stays sample. Without data (loading, or the call refused) the sample content is shown.
 */
export function useLiveFigures(key: string, content: PlaceholderContent | undefined) {
  const live = content?.kind === 'figures' ? LIVE[key] : undefined;
  const [summary, setSummary] = useState<LeadSummary | null>(live ? lastSummary : null);

  useEffect(() => {
    if (!live) return;
    const controller = new AbortController();
    api
      .get<LeadSummary>('leads/summary', { signal: controller.signal })
      .then(({ data }) => {
        lastSummary = data;
        setSummary(data);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [live]);

  return summary && content ? applyLiveFigures(key, content, summary) : content;
}

/** The content of section `key` with the summary's real counts in place of the samples they stand for. */
export function applyLiveFigures(key: string, content: PlaceholderContent, summary: LeadSummary) {
  const live = content.kind === 'figures' ? LIVE[key] : undefined;
  return live && content.kind === 'figures' ? live(content, summary) : content;
}

const totalOf = (summary: LeadSummary) =>
  LEAD_STATUSES.reduce((sum, status) => sum + (summary.byStatus[status] ?? 0), 0);
const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);

/** The first stats take real values; the rest keep their sample figures. */
function replaceStats(stats: readonly SampleStat[], real: ReadonlyArray<Pick<SampleStat, 'value' | 'hint'>>) {
  return stats.map((stat, index) => (real[index] ? { ...stat, ...real[index], live: true } : stat));
}

/** True when some part of the content shows real figures. */
export const hasLiveParts = (content: FiguresContent) =>
  Boolean(content.chart.live || content.stats.some((stat) => stat.live));
