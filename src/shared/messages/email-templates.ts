import { EMAIL_TEMPLATE_LIMITS as L } from '../email-templates';
import { groupThousands } from '../text';

/** E-mail templates (docs/product/marketing.md#templates). */
export const EMAIL_TEMPLATE_MESSAGES = {
  notFound: 'Template not found',
  nameRequired: 'Give the template a name',
  nameTaken: 'A template with this name already exists',
  mjmlRequired: 'Write the template in MJML',
  mjmlTooLong: `A template must be at most ${groupThousands(L.mjmlMax)} characters`,
  created: 'Template created',
  updated: 'Template saved',
  deleted: 'Template deleted',
  testSent: (to: string) => `Test sent to ${to}`,
  testQueued: (to: string) => `Test queued for ${to}: it goes out through your mail set-up in a moment`,
  testTooMany: (minutes: number) =>
    `You have sent ${L.testSendsPerHour} tests this hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  noAddress:
    'Every marketing e-mail must show your postal address. Fill in the address in Web Settings → Contact and publish it, then try again.',
  invalid: 'The template has problems to fix first',
  empty: 'No templates yet. Start from a newsletter, an announcement or a blank page.',
  // Problems found in the source, each named (the errors list of a 400 and of a preview).
  mergeUnknown: (name: string) =>
    `Unknown merge field {{ ${name} }}: use one of name, company, owner, email, unsubscribe_url`,
  mergeMalformed: (near: string) =>
    `A merge field is not written right near “${near}”: write {{ name }} or {{ name | default: "text" }}`,
  mergeInStyle: 'Merge fields are allowed in text, links and image addresses only, not in styles or settings',
  forbiddenTag: (tag: string) => `<${tag}> is not allowed in an e-mail template`,
  forbiddenHandler: (attribute: string) =>
    `Event handler attributes (${attribute}) are not allowed: e-mail runs no script`,
  forbiddenUrl: (attribute: string, value: string) =>
    `${attribute}="${value}" is not allowed: links and images must start with https://, http://, mailto: or tel:`,
  forbiddenScript: 'Script is not allowed in an e-mail template',
  forbiddenMeta: '<meta http-equiv> is not allowed in an e-mail template',
  forbiddenComment: 'Write comments as <!-- text --> (no CDATA, no <!--> or --!>)',
  forbiddenCss: 'This style is not allowed: it could hide or replace the footer, or load script',
  notMjml: 'The template must start with <mjml> and hold one <mj-body>',
  outsideBody: 'Everything shown must be inside <mj-body>',
  unbalanced:
    'The template leaves an HTML element open or closes one it did not open (check the HTML inside mj-text, mj-button and mj-raw)',
  mjmlError: (line: number | null, message: string) => (line ? `Line ${line}: ${message}` : message),
  footerWhy: (site: string) => `You are receiving this e-mail because you are in touch with ${site}.`,
  unsubscribe: 'Unsubscribe',
} as const;
