/**
 * docs/product/public-site.md#home-page: when the teaser list is empty or fails, three built-in posts show (Lab Updates, Digital
 * Insights, Creative Fuel), picked from one of three sets. Their ids contain 'fallback', so they never link.
 */
export interface FallbackPost {
  id: string;
  title: string;
  metaDescription: string;
  category: 'Lab Updates' | 'Digital Insights' | 'Creative Fuel';
}

export const FALLBACK_SETS: readonly (readonly FallbackPost[])[] = [
  [
    {
      id: 'fallback-1-lab',
      category: 'Lab Updates',
      title: 'Inside the lab: what we shipped for client dashboards this quarter',
      metaDescription:
        'A faster leads board, cleaner invoices and a calmer inbox: the changes our clients asked for most.',
    },
    {
      id: 'fallback-1-digital',
      category: 'Digital Insights',
      title: 'Why search traffic still beats paid clicks for small brands',
      metaDescription:
        'Organic visitors cost nothing per click and stay longer. How to earn them with pages people want to read.',
    },
    {
      id: 'fallback-1-creative',
      category: 'Creative Fuel',
      title: 'Five brand refreshes that kept what customers already loved',
      metaDescription:
        'A new look should not cost you recognition. What to keep, what to change and how to roll it out.',
    },
  ],
  [
    {
      id: 'fallback-2-lab',
      category: 'Lab Updates',
      title: 'How we test every release before it reaches your workspace',
      metaDescription:
        'Automated journeys in a real browser, on two databases, for every change. Here is what that catches.',
    },
    {
      id: 'fallback-2-digital',
      category: 'Digital Insights',
      title: 'Reading your conversion funnel without a data team',
      metaDescription:
        'Three numbers tell you where leads drop off. Where to find them and what to do when one of them dips.',
    },
    {
      id: 'fallback-2-creative',
      category: 'Creative Fuel',
      title: 'Designing a logo that works at 16 pixels and on a billboard',
      metaDescription:
        'Simple shapes, honest contrast and a wordmark that survives a fax machine: our checklist for marks.',
    },
  ],
  [
    {
      id: 'fallback-3-lab',
      category: 'Lab Updates',
      title: 'Roles and permissions, rebuilt for growing teams',
      metaDescription:
        'Give a new hire exactly the modules they need on day one, and change it later without a support ticket.',
    },
    {
      id: 'fallback-3-digital',
      category: 'Digital Insights',
      title: 'Instagram or LinkedIn? Matching the channel to your buyer',
      metaDescription:
        'Where your customers scroll decides where your budget goes. A simple way to choose, test and decide.',
    },
    {
      id: 'fallback-3-creative',
      category: 'Creative Fuel',
      title: 'The one-page brief that saves a week of revisions',
      metaDescription:
        'Goal, audience, must-haves and one example you love. Why a short brief makes for better first drafts.',
    },
  ],
];

/**
 * The set for a seed. The seed must be the same on the server and in the browser for hydration to match:
 * the teaser passes the time its query data (or error) was recorded, which the dehydrated state carries.
 */
export function fallbackSet(seed: number): readonly FallbackPost[] {
  const index = Math.abs(Math.floor(seed)) % FALLBACK_SETS.length;
  return FALLBACK_SETS[index]!;
}
