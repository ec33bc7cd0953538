/** An MJML document whose body holds `inner` (sections), and optionally a head. */
export const mjmlDoc = (inner: string, head = '') =>
  `<mjml>${head ? `<mj-head>${head}</mj-head>` : ''}<mj-body>${inner}</mj-body></mjml>`;

/** One section with one column around `content`. */
export const section = (content: string, attributes = '') =>
  `<mj-section${attributes ? ` ${attributes}` : ''}><mj-column>${content}</mj-column></mj-section>`;

export const template = (name: string, mjml: string, extra: Record<string, unknown> = {}) => ({
  name,
  subject: 'Hello {{ name | default: "there" }}',
  preheader: '',
  mjml,
  ...extra,
});
