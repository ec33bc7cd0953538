import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_MESSAGES as M } from '../../src/shared/messages';
import { createTestApp, type TestApp } from './support/test-app';
import { multipartBody } from './support/multipart';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';

const billing = { country: 'IN', state: 'Karnataka', currency: 'INR' };
/** A one-page PDF's first bytes are enough for its type; the rest is the test's. */
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<<>>\nendobj\n', 'latin1'),
  Buffer.alloc(2000, 0x20),
]);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Files on tasks (docs/product/projects.md#tasks), on SQLite and PostgreSQL: checked by their content, counted
 * in the workspace's storage (and given back when deleted), sent back as attachments; and the attacks: another
 * workspace's task or file by id, a script named as a picture, a delete by someone else, a full plan.
 */
describe('task attachments', () => {
  let t: TestApp;
  let boss: TestUser;
  let designer: TestUser;
  let developer: TestUser;
  let stranger: TestUser;
  let taskId: string;
  let workspaceId: string;

  const upload = (who: TestUser, file: { name: string; type: string; bytes: Buffer }, task = taskId) => {
    const body = multipartBody(
      {},
      { file: { filename: file.name, contentType: file.type, bytes: file.bytes } },
    );
    return t.app.inject({
      method: 'POST',
      url: `/api/tasks/${task}/attachments`,
      headers: { ...who.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const stored = async () =>
    Number(
      (
        await t.database.handle.db
          .selectFrom('workspace_storage')
          .select('bytes')
          .where('workspace_id', '=', workspaceId)
          .executeTakeFirstOrThrow()
      ).bytes,
    );

  beforeAll(async () => {
    t = await createTestApp();
    const studio = await insertWorkspace(t, { name: 'Files Studio' });
    workspaceId = studio.id;
    boss = await insertUser(t, { workspaceId, role: 'Business Admin', username: 'files-boss' });
    designer = await insertUser(t, { workspaceId, role: 'Graphic Designer', username: 'files-gd' });
    developer = await insertUser(t, { workspaceId, role: 'Web Developer', username: 'files-web' });
    stranger = await insertUser(t, { workspaceId: (await insertWorkspace(t)).id, role: 'Business Admin' });
    const clientId = (
      await call(t.app, 'POST', '/api/clients', boss.headers, { name: 'Files Client', ...billing })
    ).json().client._id;
    const projectId = (
      await call(t.app, 'POST', '/api/projects', boss.headers, { clientId, name: 'Files' })
    ).json().project._id;
    taskId = (
      await call(t.app, 'POST', `/api/projects/${projectId}/tasks`, boss.headers, { title: 'Artwork' })
    ).json().task._id;
  });
  afterAll(async () => t.close());

  it('attaches a file by its content, counts it in storage, sends it back, and gives the bytes back on delete', async () => {
    const before = await stored();
    const added = await upload(designer, { name: '../../etc/brief.pdf', type: 'image/png', bytes: PDF });
    expect(added.statusCode, added.body).toBe(201);
    const attachment = added.json().attachment;
    expect(attachment).toMatchObject({
      name: 'brief.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
      uploadedBy: { username: 'files-gd' },
    });
    expect(await stored()).toBe(before + PDF.length);
    const text = await upload(developer, {
      name: 'notes.txt',
      type: 'application/octet-stream',
      bytes: Buffer.from('Colours: teal, sand.\nFonts: Inter.'),
    });
    expect(text.json().attachment.contentType).toBe('text/plain');
    const list = (await call(t.app, 'GET', `/api/tasks/${taskId}/attachments`, boss.headers)).json()
      .attachments;
    expect(list.map((a: { name: string }) => a.name)).toEqual(['brief.pdf', 'notes.txt']);
    const download = await call(
      t.app,
      'GET',
      `/api/tasks/${taskId}/attachments/${attachment._id}`,
      boss.headers,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe("attachment; filename*=UTF-8''brief.pdf");
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    // Only who attached it, the manager or an admin deletes it.
    const byOther = await call(
      t.app,
      'DELETE',
      `/api/tasks/${taskId}/attachments/${attachment._id}`,
      developer.headers,
    );
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().message).toBe(M.attachmentNotYours);
    expect(
      (await call(t.app, 'DELETE', `/api/tasks/${taskId}/attachments/${attachment._id}`, designer.headers))
        .statusCode,
    ).toBe(200);
    expect(await stored()).toBe(before + text.json().attachment.size);
  });

  it('attack: a script or a page dressed as a picture is refused, and nothing is stored', async () => {
    const before = await stored();
    for (const file of [
      {
        name: 'logo.png',
        type: 'image/png',
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'),
      },
      {
        name: 'cv.pdf',
        type: 'application/pdf',
        bytes: Buffer.from('<html><script>alert(1)</script></html>'),
      },
      {
        name: 'app.exe',
        type: 'application/octet-stream',
        bytes: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]),
      },
    ]) {
      const refused = await upload(designer, file);
      // SVG and HTML are text to the sniffer but never plain text here: they are refused by their markup too.
      expect([415], file.name).toContain(refused.statusCode);
      expect(refused.json().message).toBe(M.attachmentType);
    }
    expect(await stored()).toBe(before);
  });

  it('attack: another workspace’s task and file answer 404, and its upload lands nowhere', async () => {
    const mine = (await upload(designer, { name: 'pixel.png', type: 'image/png', bytes: PNG })).json()
      .attachment;
    for (const [method, url] of [
      ['GET', `/api/tasks/${taskId}/attachments`],
      ['GET', `/api/tasks/${taskId}/attachments/${mine._id}`],
      ['DELETE', `/api/tasks/${taskId}/attachments/${mine._id}`],
    ] as const)
      expect((await call(t.app, method, url, stranger.headers)).statusCode, `${method} ${url}`).toBe(404);
    expect((await upload(stranger, { name: 'x.png', type: 'image/png', bytes: PNG })).statusCode).toBe(404);
    expect(
      (await call(t.app, 'GET', `/api/tasks/${taskId}/attachments/${mine._id}`, boss.headers)).statusCode,
    ).toBe(200);
  });

  it('keeps a task to 20 files and the workspace within its plan’s storage', async () => {
    const count = (await call(t.app, 'GET', `/api/tasks/${taskId}/attachments`, boss.headers)).json()
      .attachments.length;
    for (let i = count; i < 20; i++)
      expect((await upload(designer, { name: `p${i}.png`, type: 'image/png', bytes: PNG })).statusCode).toBe(
        201,
      );
    const full = await upload(designer, { name: 'one-more.png', type: 'image/png', bytes: PNG });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(M.tooManyAttachments);
    // A Solo HQ workspace at its 500 MB: the next file is refused by the plan, naming it.
    await t.database.handle.db
      .updateTable('workspace_storage')
      .set({ bytes: 500 * 1024 * 1024 - 10 })
      .where('workspace_id', '=', workspaceId)
      .execute();
    const other = (await call(t.app, 'POST', `/api/tasks/${taskId}/attachments`, boss.headers)).statusCode;
    expect(other).toBe(400);
    await call(
      t.app,
      'DELETE',
      `/api/tasks/${taskId}/attachments/${(await call(t.app, 'GET', `/api/tasks/${taskId}/attachments`, boss.headers)).json().attachments[0]._id}`,
      boss.headers,
    );
    const refused = await upload(designer, { name: 'big.pdf', type: 'application/pdf', bytes: PDF });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toMatch(/\(Solo HQ plan\)/);
  });
});
