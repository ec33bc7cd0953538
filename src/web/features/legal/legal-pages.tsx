import { useSiteName } from '../../app/page-meta';
import { LegalDocument } from './legal-document';
import type { LegalDoc } from './legal-types';
import { termsDoc } from './terms-content';
import { privacyDoc } from './privacy-content';
import { refundsDoc } from './refunds-content';
import { shippingDoc } from './shipping-content';
import { botgitPrivacyDoc } from './botgit-privacy-content';

/** The policy pages of spec §2, written from the policy figures of spec §9. */
function legalPage(makeDoc: (siteName: string) => LegalDoc) {
  return function LegalPage() {
    return <LegalDocument doc={makeDoc(useSiteName())} />;
  };
}

export const TermsPage = legalPage(termsDoc);
export const PrivacyPage = legalPage(privacyDoc);
export const ShippingPage = legalPage(shippingDoc);
export const CancellationRefundsPage = legalPage(refundsDoc);
export const BotgitPrivacyPage = legalPage(botgitPrivacyDoc);
