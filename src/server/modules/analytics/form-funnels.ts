import type { formLeadPeople } from '../leads/leads.service';
import { campaignKey, round2 } from './figures';

type FormLeadPerson = Awaited<ReturnType<typeof formLeadPeople>>[number];

/** A group's contact-form funnel: messages, the people who wrote them, those of them converted, their value. */
class Funnel {
  contacts = 0;
  private readonly people = new Set<string>();
  private readonly converted = new Set<string>();
  revenue = 0;

  add(row: FormLeadPerson): void {
    this.contacts += row.messages;
    this.people.add(row.person);
    if (row.converted) this.converted.add(row.person);
    this.revenue += row.revenue;
  }

  get counts() {
    return {
      contacts: this.contacts,
      leads: this.people.size,
      converted: this.converted.size,
      revenue: round2(this.revenue),
    };
  }
}

/**
 * docs/product/analytics.md#conversion-tracking: the contact form's funnel in all, by the visit's source and by
 * its campaign; a person is counted once in each group they wrote from.
 */
export function formFunnels(rows: FormLeadPerson[]) {
  const all = new Funnel();
  const bySource = new Map<string, Funnel>();
  const byCampaign = new Map<string, { key: FormLeadPerson['campaign']; funnel: Funnel }>();
  for (const row of rows) {
    all.add(row);
    let source = bySource.get(row.source);
    if (!source) bySource.set(row.source, (source = new Funnel()));
    source.add(row);
    if (row.campaign.source === '' && row.campaign.campaign === '') continue;
    const id = campaignKey(row.campaign);
    let campaign = byCampaign.get(id);
    if (!campaign) byCampaign.set(id, (campaign = { key: row.campaign, funnel: new Funnel() }));
    campaign.funnel.add(row);
  }
  const { revenue: _revenue, ...total } = all.counts;
  return {
    all: total,
    bySource: [...bySource].map(([source, funnel]) => {
      const { revenue: _r, ...counts } = funnel.counts;
      return { source, counts };
    }),
    byCampaign: [...byCampaign.values()].map(({ key, funnel }) => ({ ...key, counts: funnel.counts })),
  };
}
