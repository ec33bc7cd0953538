import type { PortalIdentityView } from '../../../shared/schemas/portal';
import { PORTAL_UPLOAD_HEADER } from '../../../shared/portal-projects';
import type {
  PortalProject,
  PortalProjectSummary,
  PortalTask,
} from '../../../shared/schemas/portal-projects';

/**
 * The client portal's calls (docs/product/portal.md): plain fetch, never the dashboard's client, so no
 * staff token is ever sent and a 401 never sends anyone to the staff sign-in. The portal's cookie goes
 * along by itself (same origin, path /api/portal); every write is JSON (the server refuses anything else).
 */
export class PortalError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/portal/${path}`, {
      method,
      credentials: 'same-origin',
      headers: method === 'GET' ? {} : { 'Content-Type': 'application/json' },
      ...(method === 'GET' ? {} : { body: JSON.stringify(body ?? {}) }),
    });
  } catch {
    throw new PortalError(0, 'Could not reach the server. Check your connection and try again.');
  }
  const data = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) throw new PortalError(response.status, data.message ?? 'Something went wrong.');
  return data as T;
}

/** POST /api/portal/sign-in → the one answer for every address. */
export const requestPortalLink = async (email: string) =>
  (await call<{ message: string }>('POST', 'sign-in', { email })).message;

/** POST /api/portal/session → the identity; the session's cookie is set by the answer. */
export const redeemPortalLink = (token: string) => call<PortalIdentityView>('POST', 'session', { token });

/** GET /api/portal/me → the identity, or a PortalError 401 when signed out. */
export const portalIdentity = () => call<PortalIdentityView>('GET', 'me');

export const portalSignOut = async () => (await call<{ message: string }>('POST', 'sign-out', {})).message;

// What a client sees of its projects (docs/product/portal.md#what-a-client-sees).

export const portalProjects = async () =>
  (await call<{ projects: PortalProjectSummary[] }>('GET', 'projects')).projects;

export const portalProject = (id: string) => call<PortalProject>('GET', `projects/${encodeURIComponent(id)}`);

export const portalTask = (id: string) => call<PortalTask>('GET', `tasks/${encodeURIComponent(id)}`);

type TaskAnswer = { message: string; task: PortalTask };

export const postPortalComment = (taskId: string, body: string) =>
  call<{ message: string }>('POST', `tasks/${encodeURIComponent(taskId)}/comments`, { body });

export const approvePortalTask = (taskId: string) =>
  call<TaskAnswer>('POST', `tasks/${encodeURIComponent(taskId)}/approve`, {});

export const requestPortalChanges = (taskId: string, note: string) =>
  call<TaskAnswer>('POST', `tasks/${encodeURIComponent(taskId)}/request-changes`, { note });

/** The one multipart write: it carries the portal page's header, which a form on another site cannot send. */
export async function uploadPortalFile(taskId: string, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(`/api/portal/tasks/${encodeURIComponent(taskId)}/attachments`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { [PORTAL_UPLOAD_HEADER]: '1' },
      body: form,
    });
  } catch {
    throw new PortalError(0, 'Could not reach the server. Check your connection and try again.');
  }
  const data = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) throw new PortalError(response.status, data.message ?? 'Something went wrong.');
  return data.message ?? '';
}

/** A client-visible file's download address (same origin: the portal cookie goes along). */
export const portalFileUrl = (id: string) => `/api/portal/attachments/${encodeURIComponent(id)}`;
