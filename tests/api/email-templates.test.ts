import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TEMPLATE_MESSAGES as M } from '../../src/shared/messages';
import { DEFAULT_BRAND_COLOR } from '../../src/shared/site-settings';
import { SITE_CONTACT } from '../../src/shared/site';
import { STARTER_KINDS, STARTER_TEMPLATES, EMAIL_TEMPLATE_LIMITS } from '../../src/shared/email-templates';
import { SITE_URL, createTestApp, type TestApp } from './support/test-app';
import { call, insertUser, insertWorkspace, seededAdmin, type TestUser } from './support/users';
import { mjmlDoc, section, template } from './support/email-templates';

/**
 * E-mail templates (docs/product/marketing.md#templates) on SQLite and PostgreSQL: create, list, read, edit
 * and delete; names unique per workspace whatever their case; the preview's HTML and text for a sample
 * person with the merge fields' defaults; the starter templates; the brand and the footer from Web
 * Settings; malformed MJML listed with its lines; no address, no template; the test sends' hourly limit;
 * who may use the section.
 */
describe('e-mail templates', () => {
  let t: TestApp;
  let boss: TestUser;
  let writer: TestUser;
  let outsider: TestUser;
  const save = (body: unknown, user = boss) =>
    call(t.app, 'POST', '/api/email-templates', user.headers, body);
  const preview = async (body: Record<string, unknown>) => {
    const answer = await call(t.app, 'POST', '/api/email-templates/preview', boss.headers, {
      subject: '',
      ...body,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as {
      subject: string;
      html: string;
      text: string;
      errors: { field: string; message: string }[];
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const studio = await insertWorkspace(t, { name: 'Template House' });
    await t.database.handle.db
      .updateTable('workspaces')
      .set({ plan: 'Business' })
      .where('id', '=', studio.id)
      .execute();
    boss = await insertUser(t, { workspaceId: studio.id, role: 'Business Admin', username: 'house-boss' });
    writer = await insertUser(t, { workspaceId: studio.id, role: 'SEO Manager', username: 'house-seo' });
    outsider = await insertUser(t, { workspaceId: studio.id, role: 'Web Developer', username: 'house-dev' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates, lists, reads, edits and deletes a template; names are unique whatever their case', async () => {
    const created = await save(
      template('Welcome', mjmlDoc(section('<mj-text>Welcome {{ name }}</mj-text>'))),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe(M.created);
    const id = created.json().template._id as string;
    expect(created.json().template).toMatchObject({
      name: 'Welcome',
      textOverride: null,
      createdBy: boss.id,
    });

    const again = await save(template('  wELCOME ', mjmlDoc(section('<mj-text>x</mj-text>'))));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.nameTaken);

    const list = (await call(t.app, 'GET', '/api/email-templates', boss.headers)).json();
    expect(list.templates.map((x: { name: string }) => x.name)).toEqual(['Welcome']);

    const edited = await call(t.app, 'PUT', `/api/email-templates/${id}`, writer.headers, {
      ...template('Welcome (new)', mjmlDoc(section('<mj-text>Hello again</mj-text>'))),
      textOverride: 'Hello again, in plain words.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().template).toMatchObject({
      name: 'Welcome (new)',
      textOverride: 'Hello again, in plain words.',
      updatedBy: writer.id,
    });
    const read = (await call(t.app, 'GET', `/api/email-templates/${id}`, boss.headers)).json();
    expect(read.mjml).toContain('Hello again');

    const removed = await call(t.app, 'DELETE', `/api/email-templates/${id}`, boss.headers);
    expect(removed.json().message).toBe(M.deleted);
    expect((await call(t.app, 'GET', `/api/email-templates/${id}`, boss.headers)).statusCode).toBe(404);
  });

  it('previews the HTML and the text for a sample person, each merge field with its default', async () => {
    const answer = await preview({
      mjml: mjmlDoc(
        section(
          '<mj-text><h2>News</h2><p>Hi {{ name | default: "there" }}, from {{ owner }} at {{ company | default: "your firm" }}.</p><ul><li>One</li><li>Two</li></ul><a href="https://example.com/read">Read more</a></mj-text>',
        ),
        '<mj-style>.x { color: red }</mj-style>',
      ),
      subject: 'News for {{ company | default: "you" }}',
      preheader: 'A short line for {{ name }}',
      sample: { name: '', company: '', owner: 'Ravi' },
    });
    expect(answer.errors).toEqual([]);
    expect(answer.subject).toBe('News for you');
    expect(answer.html).toContain('Hi there, from Ravi at your firm.');
    expect(answer.html).toContain('A short line for');
    // The text part: headings and paragraphs on their lines, list items, links as "text (url)", no CSS.
    expect(answer.text).toContain('News');
    expect(answer.text).toContain('Hi there, from Ravi at your firm.');
    expect(answer.text).toMatch(/\* One\n\s*\* Two/);
    expect(answer.text).toContain('Read more (https://example.com/read)');
    expect(answer.text).not.toContain('color: red');
    expect(answer.text).not.toContain('{');
    // Without a sample, the sample person.
    const sampled = await preview({ mjml: mjmlDoc(section('<mj-text>Hi {{ name }}</mj-text>')) });
    expect(sampled.html).toContain('Hi Asha Rao');
  });

  it('lists malformed MJML and unknown merge fields as errors, with their lines', async () => {
    const broken = await preview({
      mjml: '<mjml>\n<mj-body>\n<mj-section>\n<mj-column>\n<mj-text colour="red">x</mj-text>\n</mj-column>\n</mj-section>\n</mj-body>\n</mjml>',
    });
    expect(broken.html).toBe('');
    expect(broken.errors.length).toBeGreaterThan(0);
    expect(broken.errors[0]!.message).toMatch(/^Line 5: /);
    const saved = await save(
      template('Broken', '<mjml><mj-body><mj-section><mj-text>x</mj-text></mj-section></mj-body></mjml>'),
    );
    expect(saved.statusCode).toBe(400);
    expect(saved.json().errors.length).toBeGreaterThan(0);
    expect((await save(template('Not MJML', '<html><body>Hi</body></html>'))).json().errors).toContainEqual({
      field: 'mjml',
      message: M.notMjml,
    });
    const subject = await save({
      ...template('Bad subject', mjmlDoc(section('<mj-text>x</mj-text>'))),
      subject: 'Hi {{ nme }}',
    });
    expect(subject.json().errors).toContainEqual({ field: 'subject', message: M.mergeUnknown('nme') });
    const malformed = await preview({ mjml: mjmlDoc(section('<mj-text>Hi {{ name | upcase }}</mj-text>')) });
    expect(malformed.errors[0]!.message).toContain('A merge field is not written right');
  });

  it('renders and saves every starter template', async () => {
    for (const kind of STARTER_KINDS) {
      const starter = STARTER_TEMPLATES[kind];
      const shown = await preview({
        mjml: starter.mjml,
        subject: starter.subject,
        preheader: starter.preheader,
      });
      expect(shown.errors, kind).toEqual([]);
      expect(shown.html, kind).toContain('<!doctype html>');
      const saved = await save({ name: `Starter ${kind}`, ...starter, subject: starter.subject || 'Hello' });
      expect(saved.statusCode, `${kind}: ${saved.body}`).toBe(201);
    }
  });

  it('carries the brand from the published Web Settings: its colour on buttons, its name at the top, its address below', async () => {
    const shown = await preview({
      mjml: mjmlDoc(
        section(
          '<mj-button href="https://example.com">Go</mj-button><mj-text mj-class="brand">Brand</mj-text>',
        ),
      ),
    });
    expect(shown.html.toLowerCase()).toContain(DEFAULT_BRAND_COLOR.toLowerCase());
    expect(shown.html).toContain('AgencyHQ');
    expect(shown.html).toContain(SITE_CONTACT.address);
    expect(shown.html).toContain(`${SITE_URL}/unsubscribe?token=example`);
    expect(shown.text.startsWith('AgencyHQ')).toBe(true);

    // A new colour and no address: the colour follows at once; saving and sending are refused until the address is back.
    const admin = await seededAdmin(t);
    const draft = (await call(t.app, 'GET', '/api/site-settings/draft', admin.headers)).json().draft;
    const publish = async (settings: unknown) => {
      expect((await call(t.app, 'PUT', '/api/site-settings/draft', admin.headers, settings)).statusCode).toBe(
        200,
      );
      expect((await call(t.app, 'POST', '/api/site-settings/publish', admin.headers, {})).statusCode).toBe(
        200,
      );
    };
    await publish({
      ...draft,
      identity: { ...draft.identity, brandColor: '#0f766e' },
      contact: { ...draft.contact, address: '' },
    });
    const refused = await save(template('No address', mjmlDoc(section('<mj-text>x</mj-text>'))));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(M.noAddress);
    const noAddress = await preview({ mjml: mjmlDoc(section('<mj-text>x</mj-text>')) });
    expect(noAddress.errors).toContainEqual({ field: 'address', message: M.noAddress });
    const id = (await call(t.app, 'GET', '/api/email-templates', boss.headers)).json().templates[0]._id;
    const test = await call(t.app, 'POST', `/api/email-templates/${id}/test-send`, boss.headers, {});
    expect(test.statusCode).toBe(400);
    expect(test.json().message).toBe(M.noAddress);

    await publish({
      ...draft,
      identity: { ...draft.identity, brandColor: '#0f766e' },
      contact: { ...draft.contact, address: '12 MG Road\nBengaluru 560001' },
    });
    const branded = await preview({
      mjml: mjmlDoc(section('<mj-button href="https://example.com">Go</mj-button>')),
    });
    expect(branded.html).toContain('#0f766e');
    expect(branded.html).toContain('12 MG Road<br');
    expect(branded.text).toContain('12 MG Road\nBengaluru 560001');
  });

  it('queues a test as a counted mail to the caller, at most 10 an hour per person', async () => {
    const created = await save(template('Limited', mjmlDoc(section('<mj-text>Hi</mj-text>'))));
    const id = created.json().template._id as string;
    for (let i = 0; i < EMAIL_TEMPLATE_LIMITS.testSendsPerHour; i += 1) {
      const sent = await call(t.app, 'POST', `/api/email-templates/${id}/test-send`, writer.headers, {});
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const over = await call(t.app, 'POST', `/api/email-templates/${id}/test-send`, writer.headers, {});
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another person has their own hour.
    expect(
      (await call(t.app, 'POST', `/api/email-templates/${id}/test-send`, boss.headers, {})).statusCode,
    ).toBe(200);
    const rows = await t.database.handle.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'via'])
      .where('kind', '=', 'template-test')
      .execute();
    expect(rows).toHaveLength(EMAIL_TEMPLATE_LIMITS.testSendsPerHour + 1);
    expect(rows.every((row) => row.via === 'workspace')).toBe(true);
  });

  it('keeps out whoever may not see the Email Template section', async () => {
    expect((await call(t.app, 'GET', '/api/email-templates', outsider.headers)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/email-templates', undefined)).statusCode).toBe(401);
  });
});
