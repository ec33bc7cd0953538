import { useSiteSettings } from '../../lib/site-settings';
import { LegalDocument } from './legal-document';
import type { LegalContact, LegalDoc } from './legal-types';
import { termsDoc } from './terms-content';
import { privacyDoc } from './privacy-content';
import { refundsDoc } from './refunds-content';
import { shippingDoc } from './shipping-content';
import { botgitPrivacyDoc } from './botgit-privacy-content';

/** The policy pages (docs/product/public-site.md#legal-pages), written from their policy figures, naming the Web Settings' contacts. */
function legalPage(makeDoc: (siteName: string, contact: LegalContact) => LegalDoc) {
  return function LegalPage() {
    const { identity, contact } = useSiteSettings();
    return <LegalDocument doc={makeDoc(identity.siteName, contact)} />;
  };
}

export const TermsPage = legalPage(termsDoc);
export const PrivacyPage = legalPage(privacyDoc);
export const ShippingPage = legalPage(shippingDoc);
export const CancellationRefundsPage = legalPage(refundsDoc);
export const BotgitPrivacyPage = legalPage(botgitPrivacyDoc);
