import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TEMPLATE_MESSAGES as M } from '../../src/shared/messages';
import { SITE_CONTACT } from '../../src/shared/site';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { SITE_URL, createTestApp, type TestApp } from './support/test-app';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';
import { mjmlDoc, section, template } from './support/email-templates';

const text = (content: string) => section(`<mj-text>${content}</mj-text>`);

/**
 * Attacks on e-mail templates (docs/security.md#e-mail-marketing), on SQLite and PostgreSQL, through a real
 * SMTP server: script, event handlers, script-bearing URLs, frames, forms and <meta http-equiv> in the MJML
 * (refused at save and in the preview); merge values carrying markup or header breaks; a test send aimed at
 * someone else; another workspace's template by id; and a template trying to hide or get around the footer
 * with the postal address and the unsubscribe link.
 */
describe('attack: e-mail templates', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let boss: TestUser;
  let rival: TestUser;
  const db = () => t.database.handle.db;
  const save = (body: unknown, user = boss) =>
    call(t.app, 'POST', '/api/email-templates', user.headers, body);
  const preview = (body: unknown, user = boss) =>
    call(t.app, 'POST', '/api/email-templates/preview', user.headers, body);
  const stored = () => db().selectFrom('email_templates').select(['id', 'name']).execute();

  beforeAll(async () => {
    sink = await startSmtpSink({ user: 'mailer@agency.test', pass: 'sink-pass-1' });
    t = await createTestApp({
      allowPrivateSmtp: true,
      smtpAllowPlaintextLoopback: true,
      smtpUrl: `smtp://${encodeURIComponent(sink.user)}:${sink.pass}@127.0.0.1:${sink.port}`,
    });
    const studio = await insertWorkspace(t, { name: 'Template Studio' });
    await db().updateTable('workspaces').set({ plan: 'Business' }).where('id', '=', studio.id).execute();
    // A name that tries to add a Bcc header when it is merged into a subject.
    boss = await insertUser(t, {
      workspaceId: studio.id,
      role: 'Business Admin',
      username: 'template-boss',
      name: 'Eve\r\nBcc: spy@evil.test',
      email: 'boss@template-studio.test',
    });
    const other = await insertWorkspace(t, { name: 'Rival Studio' });
    rival = await insertUser(t, { workspaceId: other.id, role: 'Business Admin', username: 'rival-boss' });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  const VECTORS: [string, string][] = [
    ['a script element', mjmlDoc(text('<script>alert(1)</script>'))],
    ['a script element in capitals', mjmlDoc(text('<SCRIPT >alert(1)</SCRIPT >'))],
    ['a script in mj-raw', mjmlDoc('<mj-raw><script src="https://evil.test/x.js"></script></mj-raw>')],
    ['a script inside a comment', mjmlDoc(text('<!--[if mso]><script>alert(1)</script><![endif]-->'))],
    ['an onerror handler', mjmlDoc(text('<img src="https://evil.test/a.png" onerror="alert(1)" />'))],
    [
      'an onclick handler on an MJML element',
      mjmlDoc(section('<mj-button href="https://a.test" onclick="alert(1)">Go</mj-button>')),
    ],
    ['a javascript: button', mjmlDoc(section('<mj-button href="javascript:alert(1)">Go</mj-button>'))],
    ['a javascript: link in mixed case with spaces', mjmlDoc(text('<a href=" JaVaScRiPt:alert(1)">x</a>'))],
    ['a javascript: link written as entities', mjmlDoc(text('<a href="&#106;avascript:alert(1)">x</a>'))],
    ['a vbscript: link', mjmlDoc(text('<a href="vbscript:msgbox(1)">x</a>'))],
    ['a data: image', mjmlDoc(section('<mj-image src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=" />'))],
    ['a data: link', mjmlDoc(text('<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>'))],
    [
      'a javascript: background',
      mjmlDoc(section('<mj-text>x</mj-text>', 'background-url="javascript:alert(1)"')),
    ],
    ['an iframe', mjmlDoc(text('<iframe src="https://evil.test"></iframe>'))],
    ['an object', mjmlDoc(text('<object data="https://evil.test/x.swf"></object>'))],
    ['an embed', mjmlDoc(text('<embed src="https://evil.test/x.swf" />'))],
    ['a form', mjmlDoc(text('<form action="https://evil.test"><input name="p" /></form>'))],
    ['an svg with onload', mjmlDoc(text('<svg onload="alert(1)"></svg>'))],
    [
      'a meta refresh',
      mjmlDoc('<mj-raw><meta http-equiv="refresh" content="0;url=https://evil.test" /></mj-raw>'),
    ],
    ['a base element', mjmlDoc('<mj-raw><base href="https://evil.test/" /></mj-raw>')],
    ['a link rel=import', mjmlDoc('<mj-raw><link rel="import" href="https://evil.test/x.html" /></mj-raw>')],
    [
      'a script URL in CSS',
      mjmlDoc(text('x'), '<mj-style>.x { background: url(javascript:alert(1)) }</mj-style>'),
    ],
    ['an include of a server file', mjmlDoc('<mj-include path="/etc/passwd" />')],
    [
      'markup hidden by an abrupt comment',
      mjmlDoc(text('<!--><img src="https://a.test/x.png" onerror="alert(1)">-->')),
    ],
    [
      'markup hidden in CDATA',
      mjmlDoc(text('<![CDATA[><img src="https://a.test/x.png" onerror="alert(1)">]]>')),
    ],
    [
      'mutation XSS through a raw-text element',
      mjmlDoc(text('<xmp><p title="</xmp><img src=https://a.test/x.png onerror=alert(1)>"></p></xmp>')),
    ],
  ];

  it('refuses each script, handler, URL scheme, frame, form and meta vector at save and in the preview', async () => {
    for (const [name, mjml] of VECTORS) {
      const saved = await save(template(`Attack: ${name}`, mjml));
      expect(saved.statusCode, `${name}: ${saved.body}`).toBe(400);
      expect(saved.json().errors?.length, name).toBeGreaterThan(0);
      const shown = await preview({ mjml, subject: 'x' });
      expect(shown.statusCode, name).toBe(200);
      expect(shown.json().errors.length, name).toBeGreaterThan(0);
      expect(shown.json().html, name).toBe('');
    }
    // The refusals name what they refuse.
    const messages = async (mjml: string) =>
      ((await save(template('Named', mjml))).json().errors as { message: string }[]).map((e) => e.message);
    expect(await messages(VECTORS[0]![1])).toContain(M.forbiddenScript);
    expect(await messages(VECTORS[4]![1])).toContain(M.forbiddenHandler('onerror'));
    expect(await messages(VECTORS[13]![1])).toContain(M.forbiddenTag('iframe'));
    expect(await messages(VECTORS[18]![1])).toContain(M.forbiddenMeta);
    expect(await stored()).toEqual([]);
  });

  it('renders merge values carrying markup or quotes escaped in the HTML, and refuses a merge field where a value could change a link or a style', async () => {
    const mjml = mjmlDoc(
      section(
        '<mj-text>Hi {{ name }} of {{ company }}</mj-text><mj-button href="https://example.com/?c={{ company }}">Open</mj-button>',
      ),
    );
    const answer = (
      await preview({
        mjml,
        subject: 'For {{ company }}',
        sample: { name: '<script>alert(1)</script>', company: '"><img src=x onerror=alert(1)>' },
      })
    ).json();
    expect(answer.errors).toEqual([]);
    expect(answer.html).not.toContain('<script>alert(1)');
    expect(answer.html).not.toContain('<img src=x');
    expect(answer.html).not.toMatch(/"\s*onerror=/);
    expect(answer.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(answer.html).toContain('https://example.com/?c=&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    // The text part is plain text: the values as they are.
    expect(answer.text).toContain('Hi <script>alert(1)</script> of "><img src=x onerror=alert(1)>');

    const refused = [
      mjmlDoc(section('<mj-button href="{{ company }}">Open</mj-button>')),
      mjmlDoc(section('<mj-text color="{{ company }}">x</mj-text>')),
      mjmlDoc(section('<mj-text>{{ constructor.constructor("alert(1)")() }}</mj-text>')),
      mjmlDoc(section('<mj-text>{{ password }}</mj-text>')),
    ];
    for (const source of refused)
      expect((await save(template('Merge', source))).statusCode, source).toBe(400);
    expect((await save(template('Merge', mjmlDoc(text('{{ password }}'))))).json().errors).toContainEqual({
      field: 'mjml',
      message: M.mergeUnknown('password'),
    });
  });

  it('keeps the subject one line: a name with CR LF "Bcc:" adds no header and reaches nobody else', async () => {
    const shown = (
      await preview({
        mjml: mjmlDoc(text('Hello')),
        subject: 'Hello {{ name }} from {{ company }}',
        sample: { name: 'Eve\r\nBcc: spy@evil.test', company: 'A\nX-Injected: 1' },
      })
    ).json();
    expect(shown.subject).toBe('Hello Eve Bcc: spy@evil.test from A X-Injected: 1');

    const created = await save(template('Header test', mjmlDoc(text('Hello {{ name }}'))));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().template._id as string;
    const sent = await call(t.app, 'POST', `/api/email-templates/${id}/test-send`, boss.headers, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = await sink.waitFor((m) => m.subject.startsWith('Hello Eve'));
    expect(mail!.subject).toBe('Hello Eve Bcc: spy@evil.test');
    expect(mail!.headers.bcc).toBeUndefined();
    expect(mail!.headers.cc).toBeUndefined();
    expect(mail!.headers['x-injected']).toBeUndefined();
    expect(mail!.envelopeTo).toEqual([boss.email]);
    const outbox = await db()
      .selectFrom('mail_outbox')
      .select(['subject'])
      .where('kind', '=', 'template-test')
      .execute();
    for (const row of outbox) expect(row.subject).not.toMatch(/[\r\n]/);
  });

  it('sends a test only to the caller, whatever address the request names', async () => {
    const created = await save(template('Only me', mjmlDoc(text('Only for me'))));
    const id = created.json().template._id as string;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/email-templates/${id}/test-send?to=victim@evil.test`,
      headers: boss.headers,
      payload: { to: 'victim@evil.test', email: 'victim@evil.test', bcc: 'victim@evil.test' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().to).toBe(boss.email);
    const mails = await sink.waitFor((m) => m.text.includes('Only for me'));
    expect(mails.map((m) => m.envelopeTo)).toEqual([[boss.email]]);
    const rows = await db()
      .selectFrom('mail_outbox')
      .select(['to_address'])
      .where('kind', '=', 'template-test')
      .execute();
    expect(new Set(rows.map((row) => row.to_address))).toEqual(new Set([boss.email]));
  });

  it("answers 404 for another workspace's template on GET, PUT, DELETE and test-send, and changes nothing", async () => {
    const created = await save(template('Private', mjmlDoc(text('Private words'))));
    const id = created.json().template._id as string;
    const path = `/api/email-templates/${id}`;
    expect((await call(t.app, 'GET', path, rival.headers)).statusCode).toBe(404);
    expect(
      (await call(t.app, 'PUT', path, rival.headers, template('Taken over', mjmlDoc(text('Mine now')))))
        .statusCode,
    ).toBe(404);
    expect((await call(t.app, 'POST', `${path}/test-send`, rival.headers, {})).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', path, rival.headers)).statusCode).toBe(404);
    const list = (await call(t.app, 'GET', '/api/email-templates', rival.headers)).json();
    expect(list.templates).toEqual([]);
    const mine = (await call(t.app, 'GET', path, boss.headers)).json();
    expect(mine.name).toBe('Private');
    expect(mine.mjml).toContain('Private words');
    const rivalMails = await db()
      .selectFrom('mail_outbox')
      .select('id')
      .where('workspace_id', '=', rival.workspaceId)
      .execute();
    expect(rivalMails).toEqual([]);
  });

  it('puts the footer with the postal address and the unsubscribe link in every render; a template cannot remove, hide or get around it', async () => {
    const unsubscribe = `${SITE_URL}/unsubscribe?token=example`;
    const footerIn = (answer: { html: string; text: string }) => {
      expect(answer.html).toContain(SITE_CONTACT.address);
      expect(answer.html).toContain(`href="${unsubscribe}"`);
      expect(answer.text).toContain(SITE_CONTACT.address);
      expect(answer.text).toContain(unsubscribe);
    };
    // A template hiding its own content, and one whose text part leaves the footer out: the server's footer stays.
    const hidden = (
      await preview({ mjml: mjmlDoc(text('<div style="display:none">Gone</div>')), subject: 'x' })
    ).json();
    expect(hidden.errors).toEqual([]);
    footerIn(hidden);
    const ownText = (
      await preview({ mjml: mjmlDoc(text('Hi')), subject: 'x', textOverride: 'Just this line.' })
    ).json();
    expect(ownText.text.startsWith('Just this line.')).toBe(true);
    footerIn(ownText);

    const attempts: [string, string][] = [
      [
        'an element left open around the footer',
        mjmlDoc('<mj-raw><div style="display:none"></mj-raw>' + text('x')),
      ],
      ['a comment left open', mjmlDoc('<mj-raw><!-- </mj-raw>' + text('x'))],
      ['closing the body early', mjmlDoc(text('x') + '<mj-raw></div></div></body></html><div></mj-raw>')],
      [
        'a link left open around the footer',
        mjmlDoc('<mj-raw><a href="https://evil.test"></mj-raw>' + text('x')),
      ],
      ['CSS aimed at the footer', mjmlDoc(text('x'), '<mj-style>.ahq-footer { display: none }</mj-style>')],
      ['a forged footer class', mjmlDoc(section('<mj-text>x</mj-text>', 'css-class="ahq-footer"'))],
      ['a style element in the body', mjmlDoc(text('<style>table { display: none }</style>x'))],
      ['content after the body', '<mjml><mj-body>' + text('x') + '</mj-body><mj-raw>after</mj-raw></mjml>'],
    ];
    for (const [name, mjml] of attempts) {
      const saved = await save(template(`Hide: ${name}`, mjml));
      expect(saved.statusCode, `${name}: ${saved.body}`).toBe(400);
      const shown = (await preview({ mjml, subject: 'x' })).json();
      expect(shown.errors.length, name).toBeGreaterThan(0);
    }
  });
});
