/** Characters XML 1.0 forbids anywhere, even escaped; a stray one would make the whole document unreadable. */
// eslint-disable-next-line no-control-regex
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(text: string): string {
  return text
    .replace(XML_FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** CDATA cannot hold ']]>': split it across two sections. */
export function cdata(text: string): string {
  return `<![CDATA[${text.replace(XML_FORBIDDEN, '').replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
}
