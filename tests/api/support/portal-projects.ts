import type { LightMyRequestResponse } from 'fastify';
import { PORTAL_UPLOAD_HEADER, type PortalProjectPart } from '../../../src/shared/portal-projects';
import type { TestApp } from './test-app';
import { multipartBody } from './multipart';
import { call, type TestUser } from './users';

/** A one-page PDF's first bytes are enough for its type. */
export const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<<>>\nendobj\n', 'latin1'),
  Buffer.alloc(1000, 0x20),
]);
export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  'utf8',
);
export const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

/** A project of the client through the staff API, sharing these parts; answers its id. */
export async function addProject(
  t: TestApp,
  staff: TestUser,
  clientId: string,
  parts: PortalProjectPart[],
  extra: Record<string, unknown> = {},
): Promise<string> {
  const response = await call(t.app, 'POST', '/api/projects', staff.headers, {
    clientId,
    name: `Project ${Math.random().toString(36).slice(2, 8)}`,
    portalVisibility: parts,
    ...extra,
  });
  if (response.statusCode !== 201) throw new Error(`project not added: ${response.body}`);
  return response.json().project._id as string;
}

/** A task of the project through the staff API; answers its id. */
export async function addTask(
  t: TestApp,
  staff: TestUser,
  projectId: string,
  values: Record<string, unknown> = {},
): Promise<string> {
  const response = await call(t.app, 'POST', `/api/projects/${projectId}/tasks`, staff.headers, {
    title: 'A task',
    ...values,
  });
  if (response.statusCode !== 201) throw new Error(`task not added: ${response.body}`);
  return response.json().task._id as string;
}

/** A staff comment on the task; answers its id. */
export async function staffComment(
  t: TestApp,
  staff: TestUser,
  taskId: string,
  body: string,
  visibility: 'internal' | 'client' = 'internal',
): Promise<string> {
  const response = await call(t.app, 'POST', `/api/tasks/${taskId}/comments`, staff.headers, {
    body,
    visibility,
  });
  if (response.statusCode !== 201) throw new Error(`comment not added: ${response.body}`);
  return response.json().comment._id as string;
}

/** A staff upload on the task; answers its id. */
export async function staffUpload(
  t: TestApp,
  staff: TestUser,
  taskId: string,
  visibility: 'internal' | 'client',
  name = 'brief.pdf',
  bytes = PDF,
): Promise<string> {
  const body = multipartBody({}, { file: { filename: name, contentType: 'application/pdf', bytes } });
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/tasks/${taskId}/attachments?visibility=${visibility}`,
    headers: { ...staff.headers, ...body.headers },
    payload: body.payload,
  });
  if (response.statusCode !== 201) throw new Error(`file not attached: ${response.body}`);
  return response.json().attachment._id as string;
}

/** A portal upload as the portal's page sends it (with its header unless told not to). */
export function portalUpload(
  t: TestApp,
  portal: { cookie: string },
  taskId: string,
  file: { name: string; type: string; bytes: Buffer },
  withHeader = true,
): Promise<LightMyRequestResponse> {
  const body = multipartBody(
    {},
    { file: { filename: file.name, contentType: file.type, bytes: file.bytes } },
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/portal/tasks/${taskId}/attachments`,
    headers: { ...portal, ...body.headers, ...(withHeader ? { [PORTAL_UPLOAD_HEADER]: '1' } : {}) },
    payload: body.payload,
  });
}

/** A JSON call with the portal cookie. */
export function portalCall(
  t: TestApp,
  portal: { cookie: string },
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: portal,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/**
 * Every portal GET a contact can make about projects: the list, each project of it, each task of each
 * project that answers, and the extra task ids given (which may be hidden ones). Answers each route's
 * status and body, so a test scans them all for what must never appear.
 */
export async function everyPortalAnswer(
  t: TestApp,
  portal: { cookie: string },
  extraTaskIds: string[] = [],
): Promise<{ url: string; status: number; body: string }[]> {
  const answers: { url: string; status: number; body: string }[] = [];
  const get = async (url: string) => {
    const response = await portalCall(t, portal, 'GET', url);
    answers.push({ url, status: response.statusCode, body: response.body });
    return response;
  };
  const list = await get('/api/portal/projects');
  const taskIds = new Set(extraTaskIds);
  for (const project of list.json().projects as { _id: string }[]) {
    const one = await get(`/api/portal/projects/${project._id}`);
    for (const task of (one.json().tasks ?? []) as { _id: string }[]) taskIds.add(task._id);
  }
  for (const id of taskIds) await get(`/api/portal/tasks/${id}`);
  return answers;
}
