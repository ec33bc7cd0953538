import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The one-click unsubscribe of RFC 8058: a mail program POSTs `List-Unsubscribe=One-Click` as a form to the
 * address of the message's List-Unsubscribe header. Shared by every kind of list mail.
 */
export const ONE_CLICK_FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
/** The one-click body is 26 bytes; a form far larger is no mail program's. */
const FORM_BODY_LIMIT = 4096;

export const contentTypeOf = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();

/** In the calling plugin only: one-click forms are read as text and never stored. */
export function acceptOneClickForms(app: FastifyInstance): void {
  app.addContentTypeParser(
    ONE_CLICK_FORM_TYPES,
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_r, body, done) => done(null, body),
  );
}

/** Whether a form body says `List-Unsubscribe=One-Click`, urlencoded or as a multipart field. */
export function isOneClick(type: string, body: unknown): boolean {
  const text = typeof body === 'string' ? body : '';
  if (type === 'application/x-www-form-urlencoded')
    return new URLSearchParams(text).get('List-Unsubscribe') === 'One-Click';
  return /name="?List-Unsubscribe"?\s*\r?\n\r?\n\s*One-Click\s*(\r?\n|$)/.test(text);
}
