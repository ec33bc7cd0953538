import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { SECTIONS, type SectionInfo } from '../../../shared/sections';
import type { SectionProps } from '../../lib/section-props';
import { PlaceholderSection } from './placeholder-section';

/** Static HTML once every lazy part (the figures chunk) has loaded. */
async function render(section: SectionInfo): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <PlaceholderSection section={section} user={{} as SectionProps['user']} onLogout={() => {}} />,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

describe('PlaceholderSection', () => {
  it('renders every placeholder section with its heading as the only h1', async () => {
    for (const section of SECTIONS) {
      if (section.page) continue;
      const html = await render(section);
      expect(html.match(/<h1/g), section.key).toHaveLength(1);
      expect(html, section.key).toContain(`>${(section.title ?? section.label).replace('&', '&amp;')}</h1>`);
    }
  });

  it('marks sample figures as sample data, with a captioned chart', async () => {
    const html = await render({ key: 'leads-flow', label: 'Leads Flow', group: 'dataCenter' });
    expect(html).toContain('Sample data');
    expect(html).toContain('Sample figures for illustration');
    expect(html).toContain('<figcaption');
    expect(html).toMatch(/role="img" aria-label="Bar chart, sample data\. Leads at each stage/);
    expect(html).toContain('48,60,000');
  });

  it('shows four sub-topic cards and no sample-data badge for a card-only section', async () => {
    const html = await render({ key: 'credentials', label: 'Credentials', group: 'settingsConfiguration' });
    expect(html.match(/<h2/g)).toHaveLength(4);
    expect(html).not.toContain('Sample data');
  });

  it('falls back to the heading alone for a key without content', async () => {
    for (const key of ['no-such-section', 'constructor']) {
      const html = await render({ key, label: 'Mystery', title: 'Mystery Section', group: 'dashboard' });
      expect(html).toContain('>Mystery Section</h1>');
      expect(html).not.toContain('<h2');
    }
  });
});
