import type { ComponentType } from 'react';
import { ContactFields } from './contact-fields';
import { FooterFields } from './footer-fields';
import { HeroFields } from './hero-fields';
import { IdentityFields } from './identity-fields';
import { NavigationFields } from './navigation-fields';
import { NewsletterFields } from './newsletter-fields';
import { ServicesFields } from './services-fields';
import { TrustedFields } from './trusted-fields';

export type GroupKey =
  'identity' | 'contact' | 'hero' | 'services' | 'trusted' | 'footer' | 'navigation' | 'newsletter';

/** The editor's groups, in tab order, and the settings each one holds (by the fields' path prefixes). */
export const EDITOR_GROUPS: ReadonlyArray<{
  key: GroupKey;
  label: string;
  fields: readonly string[];
  component: ComponentType;
}> = [
  { key: 'identity', label: 'Identity', fields: ['identity'], component: IdentityFields },
  { key: 'contact', label: 'Contact & social', fields: ['contact', 'social'], component: ContactFields },
  { key: 'hero', label: 'Home hero', fields: ['hero'], component: HeroFields },
  { key: 'services', label: 'Services', fields: ['services'], component: ServicesFields },
  { key: 'trusted', label: 'Trusted by', fields: ['trustedBy'], component: TrustedFields },
  { key: 'footer', label: 'Footer', fields: ['footer'], component: FooterFields },
  { key: 'navigation', label: 'Navigation', fields: ['navigation'], component: NavigationFields },
  { key: 'newsletter', label: 'Newsletter', fields: ['newsletter'], component: NewsletterFields },
];

/** The group holding a field ('services.2.title' → services). */
export function groupOf(path: string): GroupKey | undefined {
  const top = path.split('.')[0];
  return EDITOR_GROUPS.find((group) => group.fields.includes(top ?? ''))?.key;
}
