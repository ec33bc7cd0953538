import { formatIndianNumber } from '../../../shared/text';

export type Billing = 'monthly' | 'annual';
export type PlanKey = 'solo' | 'business' | 'enterprise';

/** docs/product/public-site.md#pricing: the mid-tier plan per month, billed monthly or annually (20% off). */
export const BUSINESS_PRICE: Record<Billing, number> = { monthly: 12_999, annual: 10_399 };
export const ANNUAL_DISCOUNT_TAG = '20% OFF';

export const rupees = (amount: number) => `₹${formatIndianNumber(amount)}`;

export interface Plan {
  key: PlanKey;
  name: string;
  tagline: string;
  cta: string;
  /** Plan features (docs/product/public-site.md#pricing), as the card's short list. */
  highlights: string[];
}

export const PLANS: Plan[] = [
  {
    key: 'solo',
    name: 'Solo HQ Dashboard',
    tagline: 'For freelancers getting their business in order.',
    cta: 'Get Started',
    highlights: [
      '5 projects',
      '10 employees',
      '500 MB storage',
      '100 emails per day',
      'Client Leads',
      'Community support',
    ],
  },
  {
    key: 'business',
    name: 'Business HQ Dashboard',
    tagline: 'For growing businesses that run every team from one place.',
    cta: 'Upgrade Now',
    highlights: [
      'Unlimited projects and storage',
      '500 employees',
      'Unlimited email marketing',
      'Unlimited Instagram and LinkedIn scheduling',
      'Video meetings and SEO & Content',
      '99.9% uptime, 24/7 support',
    ],
  },
  {
    key: 'enterprise',
    name: 'Enterprise',
    tagline: 'For large organisations with their own requirements.',
    cta: 'Contact Sales',
    highlights: [
      'Unlimited employees',
      'Unlimited projects and storage',
      'Unlimited email marketing',
      'Unlimited Instagram and LinkedIn scheduling',
      '99.99% uptime SLA',
      '24/7 support',
    ],
  },
];

/** A comparison cell: text, or whether the plan includes the feature. */
export type Cell = string | boolean;

export interface FeatureGroup {
  name: string;
  rows: { feature: string; cells: [Cell, Cell, Cell] }[];
}

/** Plan features (docs/product/public-site.md#pricing), side by side (Solo HQ, Business HQ, Enterprise). */
export const FEATURE_GROUPS: FeatureGroup[] = [
  {
    name: 'Usage',
    rows: [
      { feature: 'Projects', cells: ['5', 'Unlimited', 'Unlimited'] },
      { feature: 'Employees', cells: ['10', '500', 'Unlimited'] },
      { feature: 'Storage', cells: ['500 MB', 'Unlimited', 'Unlimited'] },
      { feature: 'Emails', cells: ['100 per day', 'Unlimited', 'Unlimited'] },
      { feature: 'Uptime', cells: [false, '99.9%', '99.99% SLA'] },
      { feature: 'Support', cells: ['Community', '24/7', '24/7'] },
    ],
  },
  {
    name: 'Modules',
    rows: [
      { feature: 'Client Leads', cells: [true, true, true] },
      { feature: 'Conversion Tracking', cells: [false, true, true] },
      { feature: 'Email Marketing', cells: [false, 'Unlimited', 'Unlimited'] },
      { feature: 'WhatsApp Marketing', cells: [false, true, true] },
      { feature: 'Instagram & LinkedIn scheduling', cells: [false, 'Unlimited', 'Unlimited'] },
      { feature: 'Internal Messages', cells: [false, true, true] },
      { feature: 'Video Meeting', cells: [false, true, false] },
      { feature: 'HR', cells: [false, true, true] },
      { feature: 'Financial Management', cells: [false, true, true] },
      { feature: 'SEO & Content', cells: [false, true, false] },
      { feature: 'Internal Policies', cells: [false, true, true] },
      { feature: 'Quick Tools', cells: [false, true, true] },
    ],
  },
];
