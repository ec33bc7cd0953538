import { useEffect, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { MAILING_LIST_MESSAGES as M } from '../../../shared/messages';
import type { SubscribeForm } from '../../../shared/schemas/mailing-lists';
import { PageMeta } from '../../lib/page-meta';
import { serverMessage } from '../../lib/api-client';
import { Banner } from '../../components/ui/banner';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { subscribeForm } from '../../lib/subscribe-api';
import { ConsentSubmit, useSubscribeSubmit } from '../../components/subscribe/subscribe-submit';

type State =
  { kind: 'loading' } | { kind: 'form'; form: SubscribeForm } | { kind: 'missing'; message: string };

/**
 * /subscribe/<form key> (docs/product/marketing.md#the-subscribe-form): a list's public form, the e-mail and
 * name fields with the consent text beside the button. The answer is the same for every address.
 */
export function SubscribePage() {
  const { formKey = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const { busy, error, done, submit: send } = useSubscribeSubmit(formKey);

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

  function submit(event: FormEvent) {
    event.preventDefault();
    void send({ email, name });
  }

  const title = state.kind === 'form' ? M.subscribeTitle(state.form.name) : M.subscribeButton;
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <PageMeta title={title} description={title} noindex />
      <Card className="space-y-5">
        <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
        {state.kind === 'loading' && <Spinner label={M.subscribeButton} />}
        {state.kind === 'missing' && <Banner message={state.message} />}
        {done !== null && <Banner tone="success" message={done} />}
        {state.kind === 'form' && done === null && (
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
            <ConsentSubmit id="consent-text" consentText={state.form.consentText} busy={busy} />
          </form>
        )}
      </Card>
    </div>
  );
}
