import { BOTGIT_CONNECT } from '../../src/shared/api-keys';
import { store } from './store';
import type { ConnectState, Message } from './types';
import { byId, notice, privacyLink, show } from './ui';

const DEFAULT_SERVER = 'http://localhost:3000';
const LOCAL = /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/;

let polling: number | undefined;

async function render() {
  const session = await store.session();
  const pending = session ? null : await store.pending();
  show('connected', Boolean(session));
  show('waiting', Boolean(pending));
  show('connect', !session && !pending);
  privacyLink(session?.server ?? pending?.server);
  if (session) {
    byId('who').textContent = session.email;
    byId('where').textContent = session.server;
    byId('workspace').textContent = session.workspaceName;
  } else {
    const server = byId<HTMLInputElement>('server');
    server.value ||= pending?.server ?? DEFAULT_SERVER;
  }
  if (pending) startPolling();
}

/** While a request waits for approval, the service worker is asked every 2 seconds to claim the key. */
function startPolling() {
  if (polling !== undefined) return;
  polling = window.setInterval(async () => {
    const state = (await chrome.runtime.sendMessage({
      type: 'connect-poll',
    } satisfies Message)) as ConnectState;
    if (state.status === 'pending') return;
    window.clearInterval(polling);
    polling = undefined;
    if (state.status === 'connected') notice(`Botgit is connected as ${state.email}.`, true);
    if (state.status === 'failed') notice(state.message, false);
    await render();
  }, BOTGIT_CONNECT.pollMs);
}

byId<HTMLFormElement>('connect').addEventListener('submit', (event) => {
  event.preventDefault();
  const server = byId<HTMLInputElement>('server').value.trim().replace(/\/+$/, '');
  let origin: string;
  try {
    origin = new URL(server).origin;
  } catch {
    notice('Enter the server address, such as https://agency.example.', false);
    return;
  }
  // Access to the server is asked for here, while the click still counts as the user's gesture.
  const granted = LOCAL.test(origin)
    ? Promise.resolve(true)
    : chrome.permissions.request({ origins: [`${origin}/*`] });
  const submit = byId<HTMLButtonElement>('submit');
  submit.disabled = true;
  void granted
    .then(async (ok) => {
      if (!ok) throw new Error(`Botgit needs access to ${origin} to save profiles there.`);
      const started = (await chrome.runtime.sendMessage({
        type: 'connect-start',
        server: origin,
      } satisfies Message)) as { ok: boolean; message?: string };
      if (!started.ok) throw new Error(started.message);
      notice('', true);
      await render();
    })
    .catch((error: Error) => notice(error.message, false))
    .finally(() => (submit.disabled = false));
});

byId('cancel').addEventListener('click', async () => {
  window.clearInterval(polling);
  polling = undefined;
  await chrome.runtime.sendMessage({ type: 'connect-cancel' } satisfies Message);
  await render();
});

byId('disconnect').addEventListener('click', async () => {
  await chrome.runtime.sendMessage({ type: 'disconnect' } satisfies Message);
  notice('Disconnected. Botgit’s key was revoked.', true);
  await render();
});

void render();
