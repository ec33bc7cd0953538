import { randomUUID } from 'node:crypto';
import type { Campaign } from '../../../src/shared/schemas/campaigns';
import type { SmtpSink } from '../../support/smtp-sink';
import type { TestApp } from './test-app';
import { call, insertUser, insertWorkspace, type TestUser } from './users';
import { mjmlDoc, section, template } from './email-templates';

/** A workspace ready to send campaigns: its plan, a Business Admin, and its own set-up on the sink. */
export async function marketingWorkspace(
  t: TestApp,
  sink: SmtpSink,
  options: { name?: string; plan?: string; username?: string } = {},
): Promise<{ workspaceId: string; boss: TestUser }> {
  const workspace = await insertWorkspace(t, { name: options.name ?? 'Campaign Studio' });
  await t.database.handle.db
    .updateTable('workspaces')
    .set({ plan: options.plan ?? 'Enterprise' })
    .where('id', '=', workspace.id)
    .execute();
  const boss = await insertUser(t, {
    workspaceId: workspace.id,
    role: 'Business Admin',
    username: options.username ?? `boss-${workspace.id.slice(0, 8)}`,
  });
  const setup = await call(t.app, 'POST', '/api/email/setup', boss.headers, {
    host: '127.0.0.1',
    port: sink.port,
    secure: false,
    auth: { user: sink.user, pass: sink.pass },
    from: 'Campaign Studio <news@studio.test>',
  });
  if (setup.statusCode !== 200) throw new Error(`setup: ${setup.statusCode} ${setup.body}`);
  return { workspaceId: workspace.id, boss };
}

/** A list of `count` subscribed people written straight to the database (addresses person-<i>@<domain>). */
export async function subscribedList(
  t: TestApp,
  workspaceId: string,
  count: number,
  options: { name?: string; domain?: string } = {},
): Promise<{ listId: string; emails: string[]; subscriberIds: string[] }> {
  const db = t.database.handle.db;
  const now = new Date().toISOString();
  const listId = randomUUID();
  await db
    .insertInto('mailing_lists')
    .values({
      id: listId,
      workspace_id: workspaceId,
      name: options.name ?? `Newsletter ${listId.slice(0, 6)}`,
      description: '',
      opt_in: 'single',
      consent_text: 'Yes, send me the newsletter.',
      form_key: randomUUID().replace(/-/g, ''),
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const domain = options.domain ?? `${listId.slice(0, 8)}.test`;
  const people = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    email: `person-${i}@${domain}`,
    name: `Person ${i}`,
  }));
  for (let i = 0; i < people.length; i += 400) {
    const chunk = people.slice(i, i + 400);
    await db
      .insertInto('subscribers')
      .values(
        chunk.map((p) => ({
          id: p.id,
          workspace_id: workspaceId,
          email: p.email,
          name: p.name,
          company: 'Acme',
          lead_id: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await db
      .insertInto('list_members')
      .values(
        chunk.map((p) => ({
          list_id: listId,
          subscriber_id: p.id,
          workspace_id: workspaceId,
          status: 'subscribed' as const,
          consent_source: 'import' as const,
          consent_text: 'Yes, send me the newsletter.',
          consent_at: now,
          consent_ip: null,
          consent_basis: 'Test list',
          confirm_token_hash: null,
          confirm_sent_at: null,
          confirmed_at: now,
          unsubscribed_at: null,
          created_at: now,
        })),
      )
      .execute();
  }
  return { listId, emails: people.map((p) => p.email), subscriberIds: people.map((p) => p.id) };
}

export const NEWSLETTER_MJML = mjmlDoc(
  section(
    '<mj-text>Hello {{ name | default: "there" }} of {{ company }}</mj-text><mj-button href="https://shop.example/spring?ref=mail">See the spring range</mj-button>',
  ),
);

export async function createTemplate(
  t: TestApp,
  boss: TestUser,
  name = `Newsletter ${randomUUID().slice(0, 6)}`,
) {
  const answer = await call(
    t.app,
    'POST',
    '/api/email-templates',
    boss.headers,
    template(name, NEWSLETTER_MJML),
  );
  if (answer.statusCode !== 201) throw new Error(`template: ${answer.statusCode} ${answer.body}`);
  return (answer.json() as { template: { _id: string } }).template._id;
}

export async function createCampaign(
  t: TestApp,
  boss: TestUser,
  body: { templateId: string; listId: string; name?: string } & Record<string, unknown>,
): Promise<Campaign> {
  const answer = await call(t.app, 'POST', '/api/campaigns', boss.headers, {
    name: body.name ?? 'Spring newsletter',
    ...body,
  });
  if (answer.statusCode !== 201) throw new Error(`campaign: ${answer.statusCode} ${answer.body}`);
  return (answer.json() as { campaign: Campaign }).campaign;
}

/**
 * Moves the campaign machinery until `done` holds: dispatcher rounds and outbox deliveries, `advance`
 * moving the test's clock on between rounds (the throttle counts per second).
 */
export async function runUntil(
  t: TestApp,
  advance: () => void,
  done: () => Promise<boolean>,
  rounds = 200,
): Promise<void> {
  for (let i = 0; i < rounds; i += 1) {
    advance();
    await t.app.campaigns.tick();
    await t.app.outbox.deliverDue();
    if (await done()) return;
  }
  throw new Error('the campaign did not finish');
}

export async function campaignOf(t: TestApp, boss: TestUser, id: string): Promise<Campaign> {
  return ((await call(t.app, 'GET', `/api/campaigns/${id}`, boss.headers)).json() as { campaign: Campaign })
    .campaign;
}
