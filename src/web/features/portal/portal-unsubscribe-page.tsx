import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PORTAL_NOTICE_MESSAGES as M } from '../../../shared/messages';
import type { PortalNoticeKind } from '../../../shared/portal-notifications';
import { PageMeta } from '../../lib/page-meta';
import { useHydrated } from '../../lib/hydration';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { PortalError } from './portal-api';
import { unsubscribeLinkInfo, unsubscribeWithLink } from './portal-notifications-api';
import { PortalFrame, useSiteBrand } from './portal-frame';

type State =
  | { kind: 'loading' }
  | { kind: 'ask'; notice: PortalNoticeKind; workspace: string }
  | { kind: 'done'; message: string }
  | { kind: 'error'; message: string };

const linkClass = 'font-semibold text-brand-700 underline-offset-2 hover:underline';

/**
 * /portal/unsubscribe?token=… (docs/product/portal.md#notifications): the page a notice's unsubscribe link
 * opens. Opening it changes nothing (mail scanners open links too): it asks, and the button POSTs the token.
 */
export function PortalUnsubscribePage() {
  const hydrated = useHydrated();
  const brand = useSiteBrand();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(
    token ? { kind: 'loading' } : { kind: 'error', message: M.unsubscribeMissing },
  );
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return;
    let live = true;
    unsubscribeLinkInfo(token).then(
      (info) => live && setState({ kind: 'ask', notice: info.kind, workspace: info.workspace }),
      (caught: unknown) =>
        live &&
        setState({
          kind: 'error',
          message: caught instanceof PortalError ? caught.message : M.unsubscribeInvalid,
        }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  async function stop() {
    setBusy(true);
    try {
      setState({ kind: 'done', message: await unsubscribeWithLink(token) });
    } catch (caught) {
      setState({
        kind: 'error',
        message: caught instanceof PortalError ? caught.message : M.unsubscribeInvalid,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <PortalFrame brand={brand}>
      <PageMeta title={M.unsubscribeTitle} description={M.unsubscribeTitle} noindex />
      <Card className="space-y-5">
        {state.kind === 'ask' ? (
          <>
            <h1 className="text-2xl font-bold tracking-tight text-ink">
              {M.unsubscribeQuestion(state.notice)}
            </h1>
            <p className="text-sm text-muted">{M.unsubscribeIntro(state.notice, state.workspace)}</p>
            <Button
              size="lg"
              className="w-full sm:w-auto"
              disabled={busy || !hydrated}
              onClick={() => void stop()}
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
        {(state.kind === 'done' || state.kind === 'error') && (
          <p className="text-sm">
            <Link to="/portal" className={linkClass}>
              {M.goToPortal}
            </Link>
          </p>
        )}
      </Card>
    </PortalFrame>
  );
}
