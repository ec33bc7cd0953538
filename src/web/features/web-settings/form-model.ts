import { contrastOnWhite, MIN_TEXT_CONTRAST, parseHexColor } from '../../../shared/color';
import { siteSettingsFieldLabel, type SiteSettings } from '../../../shared/site-settings';
import type { SitePublish } from '../../../shared/schemas/site-settings';

/** Whether a brand colour may be shown: a #rrggbb colour white text reads on at AA. */
export function isUsableBrandColor(color: string): boolean {
  return Boolean(parseHexColor(color.trim())) && contrastOnWhite(color.trim()) >= MIN_TEXT_CONTRAST;
}

/** The contrast of white text on `color`, for the readout ('6.29'); null while it is not a colour yet. */
export function contrastReadout(color: string): { ratio: string; passes: boolean } | null {
  if (!parseHexColor(color.trim())) return null;
  const ratio = contrastOnWhite(color.trim());
  return { ratio: ratio.toFixed(2), passes: ratio >= MIN_TEXT_CONTRAST };
}

/**
 * The settings the preview draws from the form as typed: every text as it stands (React shows it as text,
 * never as HTML), the brand colour only once it is a readable one (the last usable one until then).
 */
export function previewSettings(values: SiteSettings, fallbackColor: string): SiteSettings {
  const color = values.identity.brandColor;
  return {
    ...values,
    identity: {
      ...values.identity,
      brandColor: isUsableBrandColor(color) ? color.trim().toLowerCase() : fallbackColor,
    },
  };
}

/** Whether an undo has a publish left to go back from (as the server walks the history, newest first). */
export function canUndo(publishes: readonly SitePublish[]): boolean {
  let cancelled = 0;
  for (const entry of publishes) {
    if (entry.action === 'undone') cancelled += 1;
    else if (cancelled > 0) cancelled -= 1;
    else return true;
  }
  return false;
}

/** 'site name, brand colour and hero title': the fields a publish changed, in words. */
export function changedInWords(changed: readonly string[]): string {
  const labels = [...new Set(changed.map(siteSettingsFieldLabel))];
  if (labels.length === 0) return 'nothing';
  if (labels.length === 1) return labels[0]!;
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

/** A copy of `items` with the one at `from` moved to `to` (the footer's service names). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
