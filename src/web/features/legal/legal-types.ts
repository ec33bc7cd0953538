import type { ReactNode } from 'react';
import type { SiteSettings } from '../../../shared/site-settings';

export interface LegalSection {
  /** Anchor id, linked from the table of contents. */
  id: string;
  title: string;
  body: ReactNode;
}

/** One policy page: every page shares the layout of LegalDocument and differs only in this data. */
export interface LegalDoc {
  /** The h1 and the page title ('{title} - {brand}'). */
  title: string;
  /** Meta description: specific to the page, under ~160 characters. */
  description: string;
  /** Shown under the heading as '{label}: {value}', e.g. 'Last updated: September 07, 2025'. */
  dates: ReadonlyArray<{ label: string; value: string }>;
  intro: ReactNode;
  /** The page's key figures, each with its number in bold. */
  glance: readonly ReactNode[];
  sections: readonly LegalSection[];
}

/** The agency's contact points the policies name (the Web Settings'). */
export type LegalContact = Pick<SiteSettings['contact'], 'supportEmail' | 'phone' | 'address'>;

/** The date the current texts of the policies took effect (docs/product/public-site.md#legal-pages gives it for the Botgit policy). */
export const POLICY_DATE = 'September 07, 2025';
