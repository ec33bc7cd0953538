import { createRequire } from 'node:module';

/**
 * Which e-mail domains can identify a business (docs/product/auth.md#proven-addresses). Public mail providers and disposable-address
 * services never can: anyone may have an address there. The lists are maintained packages, not names
 * typed here: `email-providers` (free mail providers, ~8,700) and `disposable-email-domains`.
 */
const require = createRequire(import.meta.url);
let notOwnable: Set<string> | undefined;

function publicDomains(): Set<string> {
  notOwnable ??= new Set<string>([
    ...(require('email-providers/all.json') as string[]),
    ...(require('disposable-email-domains') as string[]),
  ]);
  return notOwnable;
}

/** The domain as a business would own it, or null when it cannot identify one. */
export function ownableDomain(domain: string): string | null {
  const d = domain.trim().toLowerCase();
  if (!d.includes('.') || publicDomains().has(d)) return null;
  return d;
}
