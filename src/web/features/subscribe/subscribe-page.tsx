import { useEffect, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { MAILING_LIST_MESSAGES as M } from '../../../shared/messages';
import type { SubscribeForm } from '../../../shared/schemas/mailing-lists';
import { PageMeta } from '../../lib/page-meta';
import { useHydrated } from '../../lib/hydration';
import { serverMessage } from '../../lib/api-client';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { subscribe, subscribeForm } from './subscribe-api';

type State =
  | { kind: 'loading' }
  | { kind: 'form'; form: SubscribeForm }
  | { kind: 'done'; message: string }
  | { kind: 'missing'; message: string };

/**
 * /subscribe/<form key> (docs/product/marketing.md#the-subscribe-form): a list's public form, the e-mail and
 * name fields with the consent text beside the button. The answer is the same for every address.
 */
export function SubscribePage() {
  const { formKey = '' } = useParams();
  const hydrated = useHydrated();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    subscribeForm(formKey).then(
      (form) => live && setState({ kind: 'form', form }),
      (caught: unknown) =>
        live && setState({ kind: 'missing', message: serverMessage(caught) ?? M.formNotFound }),
    );
    return () => {
      live = false;
    };
  }, [formKey]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      setState({ kind: 'done', message: await subscribe(formKey, { email, name }) });
    } catch (caught) {
      setError(serverMessage(caught) ?? M.emailInvalid);
    } finally {
      setBusy(false);
    }
  }

  const title = state.kind === 'form' ? M.subscribeTitle(state.form.name) : M.subscribeButton;
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <PageMeta title={title} description={title} noindex />
      <Card className="space-y-5">
        <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
        {state.kind === 'loading' && <Spinner label={M.subscribeButton} />}
        {state.kind === 'missing' && <Banner message={state.message} />}
        {state.kind === 'done' && <Banner tone="success" message={state.message} />}
        {state.kind === 'form' && (
          <form className="space-y-4" onSubmit={submit}>
            {error && <Banner message={error} />}
            <TextField
              label={M.emailLabel}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <TextField
              label={M.nameLabel}
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
            <p id="consent-text" className="rounded-lg bg-canvas p-3 text-sm text-ink">
              {state.form.consentText}
            </p>
            <Button
              type="submit"
              size="lg"
              className="w-full sm:w-auto"
              aria-describedby="consent-text"
              disabled={busy || !hydrated}
            >
              {busy ? M.subscribeBusy : `${M.subscribeAgree} — ${M.subscribeButton}`}
            </Button>
          </form>
        )}
      </Card>
    </div>
  );
}
