import type { FoundProfile } from './types';

type Json = Record<string, unknown>;

const text = (value: unknown): string => {
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim();
  if (Array.isArray(value)) return text(value[0]);
  if (value && typeof value === 'object' && 'name' in value) return text((value as Json).name);
  return '';
};
const stripScheme = (value: string, scheme: string) =>
  value.toLowerCase().startsWith(scheme) ? value.slice(scheme.length) : value;

function place(value: unknown): string {
  if (typeof value === 'string') return text(value);
  if (Array.isArray(value)) return place(value[0]);
  if (value && typeof value === 'object') {
    const v = value as Json;
    if (v.address) return place(v.address);
    const parts = [v.addressLocality, v.addressRegion, v.addressCountry].map(text).filter(Boolean);
    return parts.length ? parts.join(', ') : text(v.name);
  }
  return '';
}

function isPerson(node: Json): boolean {
  const type = node['@type'];
  return type === 'Person' || (Array.isArray(type) && type.includes('Person'));
}

/** Every object in a JSON-LD document, through arrays, @graph and ProfilePage.mainEntity. */
function* nodes(value: unknown): Generator<Json> {
  if (Array.isArray(value)) for (const item of value) yield* nodes(item);
  else if (value && typeof value === 'object') {
    const node = value as Json;
    yield node;
    if (node['@graph']) yield* nodes(node['@graph']);
    if (node.mainEntity) yield* nodes(node.mainEntity);
  }
}

function fromJsonLd(doc: Document): (Omit<FoundProfile, 'profileUrl'> & { url: string }) | null {
  for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(script.textContent ?? '');
    } catch {
      continue;
    }
    for (const node of nodes(parsed)) {
      if (!isPerson(node) || !text(node.name)) continue;
      return {
        name: text(node.name),
        role: text(node.jobTitle) || text(node.description),
        location: place(node.address) || place(node.homeLocation) || place(node.workLocation),
        email: stripScheme(text(node.email), 'mailto:'),
        phone: stripScheme(text(node.telephone), 'tel:'),
        url: text(node.url),
        source: 'json-ld',
      };
    }
  }
  return null;
}

function fromMicrodata(doc: Document): Omit<FoundProfile, 'profileUrl'> | null {
  const person = doc.querySelector('[itemscope][itemtype*="schema.org/Person"]');
  if (!person) return null;
  const prop = (name: string) => {
    const el = person.querySelector(`[itemprop="${name}"]`);
    if (!el) return '';
    return text(el.getAttribute('content') ?? el.getAttribute('href') ?? el.textContent);
  };
  const name = prop('name');
  if (!name) return null;
  return {
    name,
    role: prop('jobTitle'),
    location: prop('addressLocality') || prop('address'),
    email: stripScheme(prop('email'), 'mailto:'),
    phone: stripScheme(prop('telephone'), 'tel:'),
    source: 'microdata',
  };
}

const meta = (doc: Document, property: string) =>
  text(doc.querySelector(`meta[property="${property}"], meta[name="${property}"]`)?.getAttribute('content'));

/** The visible page: the h1 as the name, a headline, a location, and mailto: / tel: links. */
function fromPage(doc: Document): Omit<FoundProfile, 'profileUrl'> | null {
  const name = text(doc.querySelector('h1')?.textContent);
  if (!name) return null;
  const first = (selectors: string) => text(doc.querySelector(selectors)?.textContent);
  const link = (scheme: string) =>
    stripScheme(
      decodeURIComponent(doc.querySelector(`a[href^="${scheme}" i]`)?.getAttribute('href') ?? ''),
      scheme,
    );
  const ogProfile = meta(doc, 'og:type') === 'profile';
  return {
    name: ogProfile ? meta(doc, 'og:title') || name : name,
    role: first(
      '[class*="headline" i], [data-field="headline"], [class*="job-title" i], [class*="jobtitle" i]',
    ),
    location: first('[class*="location" i], [data-field="location"], address'),
    email: link('mailto:').split('?')[0] ?? '',
    phone: link('tel:'),
    source: ogProfile ? 'open-graph' : 'page',
  };
}

/** Paths profile sites use for a person's page (LinkedIn /in/, /people/, /profile/, /u/, /@name…). */
const PROFILE_PATH =
  /\/(in|people|person|profile|profiles|u|user|users|members?|team)\/[^/]+\/?$|\/@[^/]+\/?$/i;

/**
 * The person on this page, or null when it is not a person's profile: structured data says so
 * (JSON-LD Person, microdata Person, og:type profile) or the address looks like a profile page.
 */
export function extractProfile(doc: Document, location: Location): FoundProfile | null {
  const canonical = doc.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  const here = canonical && new URL(canonical).host === location.host ? canonical : location.href;
  const structured = fromJsonLd(doc);
  if (structured) {
    const { url, ...rest } = structured;
    const own = url && /^https?:/i.test(url) && new URL(url).host === location.host ? url : here;
    return { ...rest, profileUrl: own };
  }
  const micro = fromMicrodata(doc);
  if (micro) return { ...micro, profileUrl: here };
  const page = fromPage(doc);
  if (!page) return null;
  const looksLikeProfile = page.source === 'open-graph' || PROFILE_PATH.test(new URL(here).pathname);
  return looksLikeProfile ? { ...page, profileUrl: here } : null;
}
