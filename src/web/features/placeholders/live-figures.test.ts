import { describe, expect, it } from 'vitest';
import { format, subMonths } from 'date-fns';
import type { LeadSummary } from '../../../shared/schemas/leads';
import { applyLiveFigures, hasLiveParts } from './live-figures';
import { describeChart, placeholderFor, type FiguresContent } from './placeholder-data';

const now = new Date();
const summary: LeadSummary = {
  byStatus: { New: 3, 'In Progress': 2, Qualified: 1, Converted: 2, Lost: 0 },
  byMonth: [
    { month: format(subMonths(now, 1), 'yyyy-MM'), total: 5, converted: 1 },
    { month: format(now, 'yyyy-MM'), total: 3, converted: 1 },
  ],
};

function live(key: string): FiguresContent {
  const content = applyLiveFigures(key, placeholderFor(key)!, summary);
  if (content.kind !== 'figures') throw new Error(`${key} should be figures`);
  return content;
}

describe('live lead figures', () => {
  it('puts the real counts into Leads Flow and keeps the pipeline value sample', () => {
    const content = live('leads-flow');
    expect(content.stats.map((s) => [s.value, Boolean(s.live)])).toEqual([
      [3, true],
      [1, true],
      [2, true],
      [4860000, false],
    ]);
    expect(content.chart.data.map((p) => [p.label, p.primary])).toEqual([
      ['New', 3],
      ['In Progress', 2],
      ['Qualified', 1],
      ['Converted', 2],
      ['Lost', 0],
    ]);
    expect(describeChart(content.chart)).toMatch(/^Bar chart, live data\. Leads at each status/);
  });

  it('leaves every other section as it was', () => {
    const sample = placeholderFor('seo-insights')!;
    expect(applyLiveFigures('seo-insights', sample, summary)).toBe(sample);
    expect(sample.kind === 'figures' && hasLiveParts(sample)).toBe(false);
  });
});
