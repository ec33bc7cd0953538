import Bowser from 'bowser';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import type { DeviceClass } from '../../../shared/analytics';

/** What is kept of a user agent (docs/product/analytics.md#visitors-without-cookies): never the string itself. */
export interface ClientKind {
  device: DeviceClass;
  browser: string;
  os: string;
}

/**
 * Markers of automated clients that the maintained list (isbot) leaves to us: command-line and library
 * clients that send their own name, and headless or scripted browsers.
 */
const AUTOMATION =
  /headless|phantomjs|puppeteer|playwright|selenium|webdriver|electron|lighthouse|pagespeed|^curl|^wget|^python|^java\/|^go-http|^node|^axios|^okhttp/i;

/**
 * True for a crawler, a bot, a monitor or a headless browser (docs/product/analytics.md#what-is-counted): the
 * isbot package's list (pinned, updated with npm) and the markers above; a missing or odd-sized agent too.
 */
export function isAutomated(userAgent: string | undefined): boolean {
  if (!userAgent || userAgent.length < 20 || userAgent.length > 1000) return true;
  return isbot(userAgent) || AUTOMATION.test(userAgent);
}

const DEVICE: Record<string, DeviceClass> = { desktop: 'desktop', mobile: 'mobile', tablet: 'tablet' };
/** Only names of bowser's own lists are kept: a made-up agent cannot put words of its own in the figures. */
const BROWSERS = new Set<string>(Object.values(Bowser.BROWSER_MAP));
const SYSTEMS = new Set<string>(Object.values(Bowser.OS_MAP));
const known = (names: Set<string>, name: string | undefined) => (name && names.has(name) ? name : 'Other');

/** The device class, browser family and operating system of a user agent ('Other' when unknown). */
export function clientKind(userAgent: string): ClientKind {
  const parsed = Bowser.parse(userAgent);
  return {
    device: DEVICE[parsed.platform.type ?? ''] ?? 'other',
    browser: known(BROWSERS, parsed.browser.name),
    os: known(SYSTEMS, parsed.os.name),
  };
}

/**
 * What a user agent is, remembered for the agents seen lately (a site's visitors share a few hundred): the
 * bot list and the parser are the costliest steps of a page view. Null for an automated client. In memory
 * only, at most 2,000 agents.
 */
const seen = new LRUCache<string, ClientKind | 'automated'>({ max: 2000 });

export function classify(userAgent: string | undefined): ClientKind | null {
  if (userAgent === undefined) return null;
  let kind = seen.get(userAgent);
  if (kind === undefined) {
    kind = isAutomated(userAgent) ? 'automated' : clientKind(userAgent);
    seen.set(userAgent, kind);
  }
  return kind === 'automated' ? null : kind;
}
