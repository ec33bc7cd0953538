import { randomBytes } from 'node:crypto';
import { isMergeField, type MergeField, type MergeValues } from '../../../shared/email-templates';
import { EMAIL_TEMPLATE_MESSAGES as M } from '../../../shared/messages';
import type { FieldError } from '../../http/errors';
import { escapeXml } from '../../lib/xml';

/**
 * Merge fields (docs/product/marketing.md#merge-fields): `{{ name }}` or `{{ name | default: "there" }}`,
 * one of a fixed set of names, an optional default in double quotes, nothing else. Nothing is ever
 * evaluated: a field is looked up by its name in the recipient's values, and anything else between braces
 * is refused at save time.
 *
 * Before MJML renders the source, each field becomes an opaque marker (letters and digits only, unique to
 * this render), so MJML never sees a value: the HTML is rendered once, and each recipient's values replace
 * the markers afterwards, HTML-escaped in the HTML part and as they are in the text part.
 */
const FIELD = /\{\{\s*([A-Za-z_]\w*)\s*(?:\|\s*default\s*:\s*"([^"{}\r\n]*)"\s*)?\}\}/g;

export interface MergeSlot {
  field: MergeField;
  fallback: string;
}

export interface MarkedSource {
  /** The source with each field replaced by its marker. */
  text: string;
  slots: Map<string, MergeSlot>;
}

/** A marker family for one render: lower-case letters and digits, so no markup or case change breaks it. */
export interface Markers {
  prefix: string;
  slots: Map<string, MergeSlot>;
  /** The marker of the unsubscribe link the server's footer uses. */
  unsubscribe: string;
}

export function newMarkers(): Markers {
  const prefix = `xmf${randomBytes(6).toString('hex')}n`;
  const unsubscribe = `${prefix}0z`;
  return {
    prefix,
    unsubscribe,
    slots: new Map([[unsubscribe, { field: 'unsubscribe_url', fallback: '' }]]),
  };
}

/** The problems of the merge fields in one piece of text (the MJML, the subject, the preheader). */
export function mergeProblems(text: string, field: string): FieldError[] {
  const problems: FieldError[] = [];
  for (const match of text.matchAll(FIELD))
    if (!isMergeField(match[1]!)) problems.push({ field, message: M.mergeUnknown(match[1]!) });
  const rest = text.replace(FIELD, '');
  const stray = /\{\{|\}\}/.exec(rest);
  if (stray) {
    const near = rest.slice(Math.max(0, stray.index - 10), stray.index + 20).replace(/\s+/g, ' ');
    problems.push({ field, message: M.mergeMalformed(near) });
  }
  return problems;
}

/** Replaces each merge field of `text` by a marker of `markers` (the fields were checked before). */
export function markFields(text: string, markers: Markers): string {
  return text.replace(FIELD, (_whole, name: string, fallback: string | undefined) => {
    const marker = `${markers.prefix}${markers.slots.size}z`;
    markers.slots.set(marker, { field: name as MergeField, fallback: fallback ?? '' });
    return marker;
  });
}

/** The markers of `markers` wherever they stand in `text`, case-insensitive (a heading may be upper-cased). */
const markerPattern = (markers: Markers) => new RegExp(`${markers.prefix}\\d+z`, 'gi');

/** Whether `value` holds a marker (a merge field stood there). */
export const hasMarker = (value: string, markers: Markers) => markerPattern(markers).test(value);

export interface Recipient {
  values: MergeValues;
  unsubscribeUrl: string;
}

const valueOf = (slot: MergeSlot | undefined, recipient: Recipient): string => {
  if (!slot) return '';
  if (slot.field === 'unsubscribe_url') return recipient.unsubscribeUrl;
  const value = recipient.values[slot.field]?.trim() ?? '';
  return value || slot.fallback;
};

/** Control characters and line breaks: a subject must stay one header line (no header injection). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** The markers filled in: HTML-escaped for the HTML part, as they are for the text part, one line for a subject. */
export function fillMarkers(
  text: string,
  markers: Markers,
  recipient: Recipient,
  as: 'html' | 'text' | 'line',
): string {
  return text.replace(markerPattern(markers), (marker) => {
    const value = valueOf(markers.slots.get(marker.toLowerCase()), recipient);
    if (as === 'html') return escapeXml(value);
    if (as === 'line') return value.replace(CONTROL, ' ');
    return value;
  });
}

/** The final subject: one line, no control characters, at most `max` characters. */
export function oneLine(subject: string, max: number): string {
  return subject.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim().slice(0, max).trim();
}
