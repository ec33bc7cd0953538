/** Small helpers the popup and options pages share. */
export const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

export function show(id: string, visible: boolean) {
  byId(id).hidden = !visible;
}

export function notice(message: string, ok: boolean) {
  const el = byId('result');
  el.textContent = message;
  el.className = `notice ${ok ? 'ok' : 'error'}`;
  el.hidden = !message;
}

/** The privacy link points at the connected server's /botgit-privacy page. */
export function privacyLink(server: string | undefined) {
  const link = byId<HTMLAnchorElement>('privacy');
  link.hidden = !server;
  if (server) link.href = `${server}/botgit-privacy`;
}
