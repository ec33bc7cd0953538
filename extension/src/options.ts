import { signIn } from './server-api';
import { store } from './store';
import type { Message } from './types';
import { byId, notice, privacyLink, show } from './ui';

const DEFAULT_SERVER = 'http://localhost:3000';
const LOCAL = /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/;

async function render() {
  const session = await store.session();
  show('signed-in', Boolean(session));
  show('sign-in', !session);
  privacyLink(session?.server);
  if (session) {
    byId('who').textContent = session.email;
    byId('where').textContent = session.server;
  } else {
    const server = byId<HTMLInputElement>('server');
    server.value ||= DEFAULT_SERVER;
  }
}

byId<HTMLFormElement>('sign-in').addEventListener('submit', (event) => {
  event.preventDefault();
  const server = byId<HTMLInputElement>('server').value.trim().replace(/\/+$/, '');
  const email = byId<HTMLInputElement>('email').value.trim();
  const password = byId<HTMLInputElement>('password').value;
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
      await signIn(origin, email, password);
      byId<HTMLInputElement>('password').value = '';
      await chrome.runtime.sendMessage({ type: 'signed-in' } satisfies Message);
      notice(`Signed in as ${email}.`, true);
      await render();
    })
    .catch((error: Error) => notice(error.message, false))
    .finally(() => (submit.disabled = false));
});

byId('sign-out').addEventListener('click', async () => {
  await store.clearSession();
  notice('Signed out.', true);
  await render();
});

void render();
