import { EMAIL_TEMPLATE_LIMITS as L, type MergeValues } from '../../../shared/email-templates';
import { EMAIL_TEMPLATE_MESSAGES as M } from '../../../shared/messages';
import { badRequest, type FieldError } from '../../http/errors';
import { escapeXml } from '../../lib/xml';
import { createWorkGate } from '../../lib/work-gate';
import {
  fillMarkers,
  markFields,
  mergeProblems,
  newMarkers,
  oneLine,
  type Markers,
  type Recipient,
} from './merge-fields';
import { mjmlToHtml } from './mjml-render';
import { plainText } from './plain-text';
import { checkRendered, checkSource } from './template-safety';

/** The agency's brand and address, from the published Web Settings (docs/product/web-settings.md). */
export interface Brand {
  siteName: string;
  /** #rrggbb */
  color: string;
  /** The logo's absolute URL on SITE_URL and its size; null: the site name in the brand colour. */
  logo: { url: string; width: number; height: number; alt: string } | null;
  /** The postal address every marketing mail shows; empty: templates cannot be saved or sent. */
  address: string;
}

export interface TemplateSource {
  subject: string;
  preheader: string;
  mjml: string;
  textOverride: string | null;
}

/** A template rendered once, its merge fields still markers: each recipient's copy fills them in. */
export interface CompiledTemplate {
  markers: Markers;
  subject: string;
  html: string;
  text: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/**
 * MJML renders on the event loop (tens of milliseconds for a newsletter): one render at a time per process,
 * and a render that could not start within 5 s is refused with 503 and Retry-After rather than queued
 * without bound (docs/architecture.md#bounded-work), so a flood of previews cannot stall the server.
 */
const renderWork = createWorkGate({ concurrency: 1, maxWaitMs: 5_000, initialEstimateMs: 100 });

const FONT = '-apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif';
const LOGO_HEIGHT = 48;
const LOGO_WIDTH_MAX = 200;

/** The brand's defaults in the head: authors' own mj-attributes come after them, so theirs win. */
function brandHead(brand: Brand, preheader: string): string {
  const color = /^#[0-9a-f]{6}$/i.test(brand.color) ? brand.color : '#4f46e5';
  return `<mj-attributes><mj-all font-family="${FONT}" /><mj-text color="#1f2937" /><mj-button background-color="${color}" color="#ffffff" /><mj-class name="brand" color="${color}" /><mj-class name="brand-bg" background-color="${color}" /></mj-attributes>${
    preheader ? `<mj-preview>${escapeXml(preheader)}</mj-preview>` : ''
  }`;
}

/** The brand's header, the body's first section: the logo, or the site's name. */
function brandSection(brand: Brand): string {
  const inner = brand.logo
    ? `<mj-image src="${escapeXml(brand.logo.url)}" alt="${escapeXml(brand.logo.alt || brand.siteName)}" width="${Math.min(
        LOGO_WIDTH_MAX,
        Math.max(1, Math.round((brand.logo.width * LOGO_HEIGHT) / Math.max(1, brand.logo.height))),
      )}px" align="center" padding="0" />`
    : `<mj-text mj-class="brand" align="center" font-size="20px" font-weight="700" padding="0">${escapeXml(brand.siteName)}</mj-text>`;
  return `<mj-section css-class="ahq-brand" padding="24px 16px 16px"><mj-column>${inner}</mj-column></mj-section>`;
}

/**
 * The footer every marketing mail carries, appended by the server as the body's last section, outside the
 * template: why the mail came, the agency's postal address and the recipient's unsubscribe link. Its
 * inline styles are !important, so a style of the template cannot override them.
 */
function footerSection(brand: Brand, markers: Markers): string {
  const grey =
    'color:#6b7280 !important;display:block !important;visibility:visible !important;font-size:12px !important';
  const address = escapeXml(brand.address.trim()).replace(/\r?\n/g, '<br />');
  return `<mj-section css-class="ahq-footer" padding="24px 16px"><mj-column><mj-text align="center" font-size="12px" line-height="1.5" color="#6b7280"><p style="${grey};margin:0 0 8px">${escapeXml(
    M.footerWhy(brand.siteName),
  )}</p><p style="${grey};margin:0 0 8px">${address}</p><p style="${grey};margin:0"><a href="${markers.unsubscribe}" style="color:#6b7280 !important;text-decoration:underline">${escapeXml(
    M.unsubscribe,
  )}</a></p></mj-text></mj-column></mj-section>`;
}

const footerText = (brand: Brand, markers: Markers) =>
  `\n\n---\n${M.footerWhy(brand.siteName)}\n${brand.address.trim()}\n${M.unsubscribe}: ${markers.unsubscribe}`;

/** The problems that stop a template being saved, before any rendering: merge fields and the address. */
export function sourceProblems(source: TemplateSource, brand: Brand): FieldError[] {
  return [
    ...(brand.address.trim() ? [] : [{ field: 'address', message: M.noAddress }]),
    ...mergeProblems(source.subject, 'subject'),
    ...mergeProblems(source.preheader, 'preheader'),
    ...mergeProblems(source.mjml, 'mjml'),
    ...(source.textOverride ? mergeProblems(source.textOverride, 'textOverride') : []),
  ];
}

/**
 * Renders a template once (docs/product/marketing.md#templates): the merge fields checked and made markers,
 * the source checked (template-safety.ts), the brand put in its head and its first section, the footer put
 * after its content, MJML run, the HTML checked again, and the text part made. Problems come back as a list
 * (a preview shows them, a save answers 400 with them); nothing is rendered past the first stage with one.
 */
export async function compileTemplate(
  source: TemplateSource,
  brand: Brand,
): Promise<{ compiled: CompiledTemplate; errors: [] } | { compiled: null; errors: FieldError[] }> {
  const fail = (errors: FieldError[]) => ({ compiled: null, errors });
  const early = sourceProblems(source, brand);
  if (early.length) return fail(early);

  const markers = newMarkers();
  const mjml = markFields(source.mjml, markers);
  const subject = markFields(source.subject, markers);
  const preheader = markFields(source.preheader, markers);
  const { problems, outline } = checkSource(mjml, markers);
  if (problems.length || !outline) return fail(problems);

  // From the end backwards, so the earlier positions still hold.
  let composed = `${mjml.slice(0, outline.bodyEnd)}${footerSection(brand, markers)}${mjml.slice(outline.bodyEnd)}`;
  composed = `${composed.slice(0, outline.bodyInside)}${brandSection(brand)}${composed.slice(outline.bodyInside)}`;
  const head = brandHead(brand, preheader);
  composed =
    outline.headInside >= 0
      ? `${composed.slice(0, outline.headInside)}${head}${composed.slice(outline.headInside)}`
      : `${composed.slice(0, outline.mjmlInside)}<mj-head>${head}</mj-head>${composed.slice(outline.mjmlInside)}`;

  const rendered = await renderWork.run(() => mjmlToHtml(composed));
  if (rendered.errors.length) return fail(rendered.errors);
  const unsafe = checkRendered(rendered.html, markers);
  if (unsafe.length) return fail(unsafe);

  const text = source.textOverride
    ? `${markFields(source.textOverride, markers).trim()}${footerText(brand, markers)}`
    : plainText(rendered.html);
  return { compiled: { markers, subject, html: rendered.html, text }, errors: [] };
}

/** One recipient's copy: values HTML-escaped in the HTML, as they are in the text, one line in the subject. */
export function personalise(compiled: CompiledTemplate, recipient: Recipient): RenderedMail {
  return {
    subject: oneLine(
      fillMarkers(compiled.subject, compiled.markers, recipient, 'line'),
      L.renderedSubjectMax,
    ),
    html: fillMarkers(compiled.html, compiled.markers, recipient, 'html'),
    text: fillMarkers(compiled.text, compiled.markers, recipient, 'text'),
  };
}

/**
 * A template for one person: `{ subject, html, text }`, or 400 with the problems (the address missing from
 * Web Settings among them). `links.unsubscribeUrl` fills the footer's link and `{{ unsubscribe_url }}`.
 */
export async function renderTemplate(
  template: TemplateSource,
  person: MergeValues,
  brand: Brand,
  links: { unsubscribeUrl: string },
): Promise<RenderedMail> {
  const { compiled, errors } = await compileTemplate(template, brand);
  if (!compiled) throw invalidTemplate(errors);
  return personalise(compiled, { values: person, unsubscribeUrl: links.unsubscribeUrl });
}

/** The 400 of a template with problems: the one problem as its message, or "fix these first" and the list. */
export const invalidTemplate = (errors: FieldError[]) =>
  badRequest(errors.length === 1 ? errors[0]!.message : M.invalid, errors);
