import type { LightMyRequestResponse } from 'fastify';
import { settleAfterAnswer } from '../../../src/server/lib/after-answer';
import { memoryLimiter } from '../../../src/server/limits/sliding-window';
import { MAILING_LISTS } from '../../../src/shared/mailing-lists';
import type { MailingList } from '../../../src/shared/schemas/mailing-lists';
import type { SubscribeLimits } from '../../../src/server/modules/mailing-lists/subscribe.service';
import { SITE_URL, type TestApp } from './test-app';
import { call, type TestUser } from './users';

/** The subscribe form's limits as production has them (the test app multiplies per-address limits). */
export function realSubscribeLimits(): SubscribeLimits {
  return {
    perIp: memoryLimiter({
      limit: MAILING_LISTS.signUpsPerIpLimit,
      windowMs: MAILING_LISTS.signUpsPerIpWindowMs,
    }),
    perEmail: memoryLimiter({
      limit: MAILING_LISTS.confirmationsPerEmailLimit,
      windowMs: MAILING_LISTS.confirmationsPerEmailWindowMs,
    }),
  };
}

export const CONSENT = 'Yes, send me the monthly studio newsletter. I can unsubscribe at any time.';

let lists = 0;
export async function createList(
  t: TestApp,
  user: TestUser,
  values: Partial<{
    name: string;
    optIn: 'single' | 'double';
    consentText: string;
    description: string;
  }> = {},
): Promise<MailingList> {
  lists += 1;
  const response = await call(t.app, 'POST', '/api/mailing-lists', user.headers, {
    name: values.name ?? `List ${lists}`,
    optIn: values.optIn ?? 'double',
    consentText: values.consentText ?? CONSENT,
    description: values.description ?? '',
  });
  if (response.statusCode !== 201) throw new Error(`list: ${response.statusCode} ${response.body}`);
  return response.json().list as MailingList;
}

export const formKeyOf = (list: MailingList) => list.formUrl.split('/subscribe/')[1]!;

/** A public sign-up from `ip`, with the work after its answer done. */
export async function signUp(
  t: TestApp,
  formKey: string,
  email: string,
  ip = '203.0.113.9',
): Promise<LightMyRequestResponse> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/subscribe/${formKey}`,
    remoteAddress: ip,
    payload: { email },
  });
  await settleAfterAnswer();
  return response;
}

export function confirmationMails(t: TestApp, to: string) {
  return t.database.handle.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('kind', '=', 'list-confirmation')
    .where('to_address', '=', to)
    .orderBy('created_at')
    .execute();
}

const LINK = `${SITE_URL}/subscribe/confirm?token=`;
export function tokenIn(text: string): string {
  const at = text.indexOf(LINK);
  if (at < 0) throw new Error('no confirmation link');
  return text.slice(at + LINK.length).split(/\s/)[0]!;
}

export async function statusOf(t: TestApp, listId: string, email: string) {
  const row = await t.database.handle.db
    .selectFrom('list_members')
    .innerJoin('subscribers', 'subscribers.id', 'list_members.subscriber_id')
    .selectAll('list_members')
    .where('list_members.list_id', '=', listId)
    .where('subscribers.email', '=', email)
    .executeTakeFirst();
  return row;
}
