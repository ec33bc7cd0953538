import type { z } from 'zod';
import { SITE_SETTINGS_FIELD_LABELS, type SiteSettings } from '../../../shared/site-settings';
import { siteSettingsSchema } from '../../../shared/schemas/site-settings';

type Section = keyof SiteSettings;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One stored value, or its default when it is missing or no longer valid (a later release's stricter rule). */
function valid<T>(schema: z.ZodType, value: unknown, fallback: T): T {
  if (value === undefined) return fallback;
  const parsed = schema.safeParse(value);
  return parsed.success ? (parsed.data as T) : fallback;
}

/**
 * A stored settings document over the defaults, section by section: an object section takes the defaults
 * then the stored fields (a field added by a later release keeps its default; one it dropped is left out),
 * a list takes the stored list whole. Whatever the current schema refuses falls back to its default, so a
 * page or an answer never carries a value the editor could not save.
 */
export function mergeOverDefaults(defaults: SiteSettings, stored: unknown): SiteSettings {
  const source = isPlainObject(stored) ? stored : {};
  const merged: Record<string, unknown> = {};
  for (const section of Object.keys(defaults) as Section[]) {
    const fallback: unknown = defaults[section];
    const value = source[section];
    const schema = siteSettingsSchema.shape[section];
    if (Array.isArray(fallback) || !isPlainObject(fallback)) merged[section] = valid(schema, value, fallback);
    else {
      const fields = (schema as unknown as z.ZodObject).shape;
      const own = isPlainObject(value) ? value : {};
      merged[section] = Object.fromEntries(
        Object.entries(fallback).map(([key, field]) => [key, valid(fields[key]!, own[key], field)]),
      );
    }
  }
  return merged as unknown as SiteSettings;
}

/** JSON with object keys sorted: equal values give equal text whatever order their keys were written in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isPlainObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/**
 * The dotted paths of the fields that differ (identity.siteName, hero.title...); a list is one field
 * (services, navigation.header), compared whole: its order is part of what the site shows. So is every
 * named field (the logo: its image, size and alt text are one change).
 */
export function changedPaths(before: SiteSettings, after: SiteSettings): string[] {
  const paths: string[] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    if (isPlainObject(a) && isPlainObject(b) && !(path in SITE_SETTINGS_FIELD_LABELS)) {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
        walk(a[key], b[key], path ? `${path}.${key}` : key);
    } else if (canonical(a) !== canonical(b)) paths.push(path);
  };
  walk(before, after, '');
  return paths;
}

export const sameSettings = (a: SiteSettings, b: SiteSettings) => changedPaths(a, b).length === 0;
