/** Small arithmetic the analytics figures share (docs/product/analytics.md#figures). */

/** Percent with one decimal, or null when there is nothing to divide by. */
export const percent = (part: number, whole: number) =>
  whole > 0 ? Math.round((1000 * part) / whole) / 10 : null;

export const round2 = (value: number) => Math.round(value * 100) / 100;

/** A campaign's identity: its three utm values. */
export const campaignKey = (c: { source: string; medium: string; campaign: string }) =>
  `${c.source}\n${c.medium}\n${c.campaign}`;
