import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PORTAL_FINANCE_TEXTS as T, PORTAL_MESSAGES } from '../../../shared/messages';
import type { PortalIdentityView } from '../../../shared/schemas/portal';
import { siteImagePath } from '../../../shared/site-settings';
import { useSiteSettings } from '../../lib/site-settings';
import { PageMeta } from '../../lib/page-meta';
import { Banner } from '../../components/ui/banner';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { PortalError, portalIdentity } from './portal-api';
import { PortalFrame } from './portal-frame';
import { linkClass } from './portal-document';

type Loaded<T> =
  | { kind: 'loading' }
  | { kind: 'failed'; status: number; message: string }
  | { kind: 'ready'; identity: PortalIdentityView; data: T };

/**
 * A signed-in portal page: the identity (for the brand) and the page's own data, loaded together; signed
 * out, a link to sign in again; another client's or an unknown document, the server's 404 text.
 */
export function PortalDocumentPage<T>({
  title,
  load,
  children,
}: {
  title: string;
  load(): Promise<T>;
  children(data: T, replace: (next: T) => void, identity: PortalIdentityView): ReactNode;
}) {
  const { identity: site } = useSiteSettings();
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' });
  const run = useCallback(() => Promise.all([portalIdentity(), load()]), [load]);
  useEffect(() => {
    let live = true;
    run().then(
      ([identity, data]) => live && setState({ kind: 'ready', identity, data }),
      (caught: unknown) =>
        live &&
        setState({
          kind: 'failed',
          status: caught instanceof PortalError ? caught.status : 0,
          message: caught instanceof Error ? caught.message : PORTAL_MESSAGES.sessionEnded,
        }),
    );
    return () => {
      live = false;
    };
  }, [run]);
  const brand =
    state.kind === 'ready'
      ? state.identity.brand
      : {
          siteName: site.siteName,
          logoUrl: site.logo ? siteImagePath(site.logo.mediaId) : null,
          brandColor: site.brandColor,
        };
  return (
    <PortalFrame brand={brand}>
      <PageMeta title={title} description={title} noindex />
      {state.kind === 'loading' ? (
        <Spinner label={PORTAL_MESSAGES.loading} />
      ) : state.kind === 'failed' ? (
        <Card className="space-y-4">
          <Banner message={state.status === 404 ? T.notFound : state.message} />
          <Link to="/portal" className={`text-sm ${linkClass}`}>
            {state.status === 401 ? T.signInAgain : T.backHome}
          </Link>
        </Card>
      ) : (
        children(state.data, (next) => setState({ ...state, data: next }), state.identity)
      )}
    </PortalFrame>
  );
}
