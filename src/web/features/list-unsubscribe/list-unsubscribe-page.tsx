import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CAMPAIGN_MESSAGES as M } from '../../../shared/messages';
import { PageMeta } from '../../lib/page-meta';
import { useHydrated } from '../../lib/hydration';
import { serverMessage } from '../../lib/api-client';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { listUnsubscribeInfo, unsubscribeFromList, type ListUnsubscribeInfo } from './list-unsubscribe-api';

type State =
  | { kind: 'loading' }
  | { kind: 'ask'; info: ListUnsubscribeInfo }
  | { kind: 'done'; message: string }
  | { kind: 'error'; message: string };

/**
 * /unsubscribe?token=… (docs/product/marketing.md#unsubscribing): the page a marketing mail's unsubscribe link
 * opens. Opening it changes nothing (mail scanners open links too): it shows the list, the workspace and the
 * address partly hidden, and the button POSTs the token, with "everything" when the box is ticked.
 */
export function ListUnsubscribePage() {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(
    token ? { kind: 'loading' } : { kind: 'error', message: M.unsubscribeMissing },
  );
  const [everything, setEverything] = useState(false);
  const [busy, setBusy] = useState(false);
  const checkboxId = useId();

  useEffect(() => {
    if (!token) return;
    let live = true;
    listUnsubscribeInfo(token).then(
      (info) =>
        live &&
        setState(
          info.unsubscribed
            ? { kind: 'done', message: M.unsubscribeAlready(info.listName) }
            : { kind: 'ask', info },
        ),
      (caught: unknown) =>
        live && setState({ kind: 'error', message: serverMessage(caught) ?? M.unsubscribeInvalid }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  async function unsubscribe() {
    setBusy(true);
    try {
      setState({ kind: 'done', message: await unsubscribeFromList(token, everything) });
    } catch (caught) {
      setState({ kind: 'error', message: serverMessage(caught) ?? M.unsubscribeInvalid });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <PageMeta title={M.unsubscribeTitle} description={M.unsubscribeTitle} noindex />
      <Card className="space-y-5">
        {state.kind === 'ask' ? (
          <>
            <h1 className="text-2xl font-bold tracking-tight text-ink">
              {M.unsubscribeQuestion(state.info.listName)}
            </h1>
            <p className="text-sm text-muted">
              {M.unsubscribeIntro(state.info.email, state.info.workspaceName)}
            </p>
            <div className="flex items-start gap-3">
              <input
                id={checkboxId}
                type="checkbox"
                className="mt-0.5 size-5 shrink-0 rounded border-line accent-brand-600"
                checked={everything}
                onChange={(e) => setEverything(e.target.checked)}
              />
              <label htmlFor={checkboxId} className="text-sm text-ink">
                {M.unsubscribeEverything(state.info.workspaceName)}
              </label>
            </div>
            <Button
              size="lg"
              className="w-full sm:w-auto"
              disabled={busy || !hydrated}
              onClick={() => void unsubscribe()}
            >
              {busy ? M.unsubscribeBusy : M.unsubscribeButton}
            </Button>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-bold tracking-tight text-ink">{M.unsubscribeTitle}</h1>
            {state.kind === 'loading' ? (
              <Spinner label={M.unsubscribeTitle} />
            ) : (
              <Banner message={state.message} tone={state.kind === 'done' ? 'success' : 'error'} />
            )}
          </>
        )}
      </Card>
    </div>
  );
}
