import { describe, expect, it } from 'vitest';
import { SECTIONS } from '../../../shared/sections';
import {
  PLACEHOLDERS,
  describeChart,
  formatAxisValue,
  formatValue,
  placeholderFor,
  type FiguresContent,
} from './placeholder-data';

/** Card-only sections (docs/product/dashboard.md#placeholder-sections), by key. */
const CARD_ONLY = [
  'credentials',
  'message',
  'team-email',
  'meeting',
  'hr-overview',
  'interview-management',
  'letter-templates',
  'hr-manage',
  'employee-details',
  'attendance-summary',
  'holiday-calendar',
  'incentives',
  'company-policies',
  'company-handbook',
];

/** Sample-figure sections (docs/product/dashboard.md#placeholder-sections) (Marketing's), plus the six social media sections. */
const SAMPLE_FIGURES = [
  'leads-flow',
  'case-studies',
  'services',
  'whatsapp-marketing',
  'referral-client',
  'seo-insights',
  'meta-ads',
  'instagram',
  'linkedin',
  'youtube',
  'x-com',
  'reddit',
];

const entries = Object.entries(PLACEHOLDERS);
const figures = entries.filter((entry): entry is [string, FiguresContent] => entry[1].kind === 'figures');

describe('placeholder content', () => {
  it('covers every section without a page of its own, and nothing else', () => {
    // Credentials has a page for the workspace's managers; everyone else still sees its cards (docs/product/integrations.md#api-keys).
    const cardsToo = (key: string) => key === 'credentials';
    const expected = SECTIONS.filter((s) => !s.page || cardsToo(s.key)).map((s) => s.key);
    for (const key of expected) expect(placeholderFor(key), key).toBeDefined();
    expect(Object.keys(PLACEHOLDERS).sort()).toEqual([...expected].sort());
    for (const section of SECTIONS.filter((s) => s.page && !cardsToo(s.key)))
      expect(placeholderFor(section.key), section.key).toBeUndefined();
  });

  it('gives every section a description', () => {
    for (const [key, content] of entries) expect(content.description.trim().length, key).toBeGreaterThan(10);
  });

  it('makes the spec card-only sections cards and the sample-figure sections figures', () => {
    for (const key of CARD_ONLY) expect(placeholderFor(key)?.kind, key).toBe('cards');
    for (const key of SAMPLE_FIGURES) expect(placeholderFor(key)?.kind, key).toBe('figures');
  });

  it('gives every cards section exactly four distinct sub-topic cards', () => {
    for (const [key, content] of entries) {
      if (content.kind !== 'cards') continue;
      expect(content.cards, key).toHaveLength(4);
      expect(new Set(content.cards.map((c) => c.title)).size, key).toBe(4);
      for (const card of content.cards) expect(card.text.length, `${key}: ${card.title}`).toBeGreaterThan(10);
    }
  });

  it('names the four credential kinds of the spec', () => {
    const content = placeholderFor('credentials');
    expect(content?.kind === 'cards' && content.cards.map((c) => c.title)).toEqual([
      'API keys',
      'Database credentials',
      'Third-party services',
      'Security tokens',
    ]);
  });

  it('gives every figures section 3–4 stats, a chart of at least 3 points and at most 6 table rows', () => {
    for (const [key, content] of figures) {
      expect(content.stats.length, key).toBeGreaterThanOrEqual(3);
      expect(content.stats.length, key).toBeLessThanOrEqual(4);
      expect(content.chart.data.length, key).toBeGreaterThanOrEqual(3);
      expect(content.chart.caption.length, key).toBeGreaterThan(0);
      for (const point of content.chart.data) {
        expect(Number.isFinite(point.primary), key).toBe(true);
        if (content.chart.series.secondary) expect(Number.isFinite(point.secondary), key).toBe(true);
      }
      if (content.table) {
        expect(content.table.rows.length, key).toBeGreaterThan(0);
        expect(content.table.rows.length, key).toBeLessThanOrEqual(6);
        for (const row of content.table.rows)
          expect(row.cells.length + 1, key).toBe(content.table.columns.length);
      }
    }
  });

  it('uses the spec sample statuses for WhatsApp templates and referrals', () => {
    const statuses = (key: string) => {
      const content = placeholderFor(key);
      return new Set(content?.kind === 'figures' ? content.table?.rows.map((r) => r.status) : []);
    };
    expect(statuses('whatsapp-marketing')).toEqual(new Set(['Approved', 'Pending Review']));
    expect(statuses('referral-client')).toEqual(new Set(['In Progress', 'Converted', 'Proposal Sent']));
  });

  it('shows the referral programme settings of docs/product/dashboard.md#placeholder-sections', () => {
    const content = placeholderFor('referral-client');
    expect(content?.kind === 'figures' && content.settings?.items).toEqual([
      { label: 'Commission', value: '15%' },
      { label: 'Minimum payout', value: '$100' },
      { label: 'Tracking period', value: '90 days' },
    ]);
  });

  it('finds no content for unknown keys or inherited property names', () => {
    expect(placeholderFor('no-such-section')).toBeUndefined();
    expect(placeholderFor('constructor')).toBeUndefined();
    expect(placeholderFor('__proto__')).toBeUndefined();
  });
});

describe('formatting sample figures', () => {
  it('uses Indian digit grouping with the right unit', () => {
    expect(formatValue(4860000, 'inr')).toBe('₹48,60,000');
    expect(formatValue(1875400, 'count')).toBe('18,75,400');
    expect(formatValue(2340, 'usd')).toBe('$2,340');
    expect(formatValue(7.4, 'percent')).toBe('7.4%');
  });

  it('shortens large axis values to lakh and crore', () => {
    expect(formatAxisValue(950, 'count')).toBe('950');
    expect(formatAxisValue(125000, 'count')).toBe('1.3L');
    expect(formatAxisValue(12000000, 'inr')).toBe('₹1.2Cr');
  });

  it('describes each chart with all of its values', () => {
    for (const [key, content] of figures) {
      const text = describeChart(content.chart);
      expect(text, key).toContain(content.chart.caption);
      for (const point of content.chart.data) expect(text, key).toContain(point.label);
    }
  });
});
