import type { LeadPriority, LeadStatus } from '../../../shared/schemas/leads';
import { newLeadRow, isoDay } from './lead-rows';
import { insertLeads } from './lead-writes.repository';
import type { Db } from './leads.repository';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

interface SampleLead {
  name: string;
  email: string;
  phone: string;
  company: string;
  status: LeadStatus;
  priority: LeadPriority;
  source: string;
  notes: string;
  /** Created this many days before the workspace, during working hours. */
  daysAgo: number;
  /** Last contacted this many days after creation (never after today). */
  contactedAfter: number;
}

/**
 * docs/product/leads.md#sample-leads: the 8 sample leads a new workspace starts with, so Client Leads, its filters and the Leads
 * Flow sections show something real on day one. Every status, priority and source appears, spread over
 * the last 60 days so each date preset finds some.
 */
export const SAMPLE_LEADS: readonly SampleLead[] = [
  {
    name: 'Aarav Sharma',
    email: 'aarav.sharma@sharmatextiles.in',
    phone: '+91 98200 11234',
    company: 'Sharma Textiles',
    status: 'New',
    priority: 'High',
    source: 'Website',
    notes: 'Wants an online store live before Diwali; asked for a call this week.',
    daysAgo: 1,
    contactedAfter: 0,
  },
  {
    name: 'Priya Nair',
    email: 'priya@keralaspiceco.in',
    phone: '+91 94470 55821',
    company: 'Kerala Spice Co.',
    status: 'In Progress',
    priority: 'Medium',
    source: 'Referral',
    notes: 'Referred by Menon Logistics. Quote sent for a social media retainer.',
    daysAgo: 6,
    contactedAfter: 3,
  },
  {
    name: 'Rohan Mehta',
    email: 'rohan.mehta@urbanbrewcafe.in',
    phone: '+91 99300 76412',
    company: 'Urban Brew Café',
    status: 'Qualified',
    priority: 'High',
    source: 'Social Media',
    notes: 'Instagram launch campaign for three new outlets in Pune; budget approved.',
    daysAgo: 12,
    contactedAfter: 4,
  },
  {
    name: 'Ananya Iyer',
    email: 'ananya.iyer@greenleafhealth.in',
    phone: '+91 98450 33907',
    company: 'GreenLeaf Health',
    status: 'Converted',
    priority: 'Medium',
    source: 'Email Campaign',
    notes: 'Signed a six-month SEO and content plan.',
    daysAgo: 20,
    contactedAfter: 9,
  },
  {
    name: 'Vikram Singh',
    email: 'vikram@rajputanaestates.in',
    phone: '+91 98290 40118',
    company: 'Rajputana Estates',
    status: 'Lost',
    priority: 'Low',
    source: 'LinkedIn',
    notes: 'Went with an in-house team. Revisit next quarter.',
    daysAgo: 27,
    contactedAfter: 6,
  },
  {
    name: 'Sneha Reddy',
    email: 'sneha.reddy@deccanedtech.in',
    phone: '+91 90000 62574',
    company: 'Deccan EdTech',
    status: 'New',
    priority: 'Low',
    source: 'Other',
    notes: 'Met at the Hyderabad startup meetup; needs a brochure website.',
    daysAgo: 35,
    contactedAfter: 2,
  },
  {
    name: 'Karan Malhotra',
    email: 'karan@malhotrajewellers.in',
    phone: '+91 98110 24680',
    company: 'Malhotra Jewellers',
    status: 'In Progress',
    priority: 'High',
    source: 'Website',
    notes: 'Wedding-season Meta ads; waiting for feedback on the first creatives.',
    daysAgo: 46,
    contactedAfter: 30,
  },
  {
    name: 'Fatima Shaikh',
    email: 'fatima.shaikh@coastalcraftexports.in',
    phone: '+91 97690 13579',
    company: 'Coastal Craft Exports',
    status: 'Qualified',
    priority: 'Medium',
    source: 'Referral',
    notes: 'B2B catalogue site plus LinkedIn outreach to European buyers.',
    daysAgo: 58,
    contactedAfter: 15,
  },
];

/**
 * Adds the sample leads to a new workspace; call it inside the transaction that creates the workspace.
 * `ownerId` null leaves them for the workspace's first account to adopt (adoptUnownedLeads).
 */
export async function insertSampleLeads(
  db: Db,
  workspaceId: string,
  now: Date,
  ownerId: string | null = null,
): Promise<void> {
  const nowIso = now.toISOString();
  const rows = SAMPLE_LEADS.map(({ daysAgo, contactedAfter, ...lead }, i) => {
    // Mid-morning-ish and distinct, so the default order (newest first) is the order above.
    const created = new Date(now.getTime() - daysAgo * DAY_MS - (i + 1) * HOUR_MS);
    const contacted = new Date(Math.min(created.getTime() + contactedAfter * DAY_MS, now.getTime()));
    return newLeadRow(
      workspaceId,
      { ...lead, createdAt: created.toISOString(), lastContact: isoDay(contacted), origin: 'sample' },
      nowIso,
      ownerId,
    );
  });
  await insertLeads(db, rows);
}
