import { useEffect, useState, type FormEvent } from 'react';
import { Link, Route, Routes, useNavigate, useParams, useSearchParams } from 'react-router';
import { LogOut } from 'lucide-react';
import { PORTAL_MESSAGES as M } from '../../../shared/messages';
import type { PortalIdentityView } from '../../../shared/schemas/portal';
import { PageMeta } from '../../lib/page-meta';
import { useHydrated } from '../../lib/hydration';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import {
  PortalError,
  portalIdentity,
  portalSignOut,
  redeemPortalLink,
  requestPortalLink,
} from './portal-api';
import { PortalNotificationSettings } from './portal-notification-settings';
import { PortalFrame, useSiteBrand } from './portal-frame';
import { PortalFinanceSections } from './portal-finance-home';
import { PortalProjectList, PortalProjectPage } from './portal-projects';
import { PortalTaskPage } from './portal-task-page';

const linkClass = 'font-semibold text-brand-700 underline-offset-2 hover:underline';

/** The sign-in form: an address, then the same confirmation for any address. */
function SignInForm({ notice }: { notice?: string }) {
  const hydrated = useHydrated();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ message: string; tone: 'success' | 'error' } | null>(
    notice ? { message: notice, tone: 'success' } : null,
  );

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setAnswer(null);
    try {
      setAnswer({ message: await requestPortalLink(email.trim()), tone: 'success' });
    } catch (caught) {
      setAnswer({ message: caught instanceof Error ? caught.message : M.linkInvalid, tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <h1 className="text-2xl font-bold tracking-tight text-ink">{M.signInTitle}</h1>
      <p className="mt-2 text-sm text-muted">{M.signInIntro}</p>
      <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5" aria-label={M.signInTitle}>
        {answer && <Banner message={answer.message} tone={answer.tone} />}
        <TextField
          label={M.emailLabel}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" size="lg" className="w-full" disabled={busy || !hydrated || !email.trim()}>
          {busy ? M.signInBusy : M.signInButton}
        </Button>
      </form>
    </Card>
  );
}

const ProjectRoute = () => <PortalProjectPage id={useParams().id ?? ''} />;
const TaskRoute = () => <PortalTaskPage id={useParams().id ?? ''} />;

/**
 * The signed-in portal: who is signed in and Sign out, then the client's projects (the home), a project
 * (/portal/projects/:id) or a task (/portal/tasks/:id).
 */
function PortalHome({ identity, onSignedOut }: { identity: PortalIdentityView; onSignedOut(): void }) {
  const [busy, setBusy] = useState(false);
  async function signOut() {
    setBusy(true);
    try {
      await portalSignOut();
    } catch {
      // Already ended on the server: signed out all the same.
    }
    onSignedOut();
  }
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line pb-4">
        <div>
          <p className="text-lg font-bold tracking-tight text-ink">
            <Link to="/portal" className="hover:underline">
              {identity.client.name}
            </Link>
          </p>
          <p className="text-sm text-muted" data-testid="portal-signed-in-as">
            {M.signedInAs(identity.contact.name, identity.client.name)}
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => void signOut()} disabled={busy}>
          <LogOut className="size-4" aria-hidden /> {M.signOut}
        </Button>
      </div>
      <Routes>
        <Route path="projects/:id" element={<ProjectRoute />} />
        <Route path="tasks/:id" element={<TaskRoute />} />
        <Route
          path="*"
          element={
            <>
              <PortalProjectList />
              <PortalFinanceSections />
              <PortalNotificationSettings />
            </>
          }
        />
      </Routes>
    </div>
  );
}

type PortalState =
  | { kind: 'loading' }
  | { kind: 'signed-out'; notice?: string }
  | { kind: 'signed-in'; identity: PortalIdentityView };

/** /portal (docs/product/portal.md): the signed-in contact's home, or the sign-in form. */
export function PortalPage() {
  const siteBrand = useSiteBrand();
  const [state, setState] = useState<PortalState>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    portalIdentity().then(
      (identity) => live && setState({ kind: 'signed-in', identity }),
      () => live && setState({ kind: 'signed-out' }),
    );
    return () => {
      live = false;
    };
  }, []);
  const brand = state.kind === 'signed-in' ? state.identity.brand : siteBrand;
  return (
    <PortalFrame brand={brand} wide={state.kind === 'signed-in'}>
      <PageMeta title="Client portal" description={M.signInIntro} noindex />
      {state.kind === 'loading' ? (
        <Spinner label={M.loading} />
      ) : state.kind === 'signed-in' ? (
        <PortalHome
          identity={state.identity}
          onSignedOut={() => setState({ kind: 'signed-out', notice: M.signedOut })}
        />
      ) : (
        <SignInForm notice={state.notice} />
      )}
    </PortalFrame>
  );
}

/**
 * /portal/sign-in?token=… (docs/product/portal.md#sign-in-links): the page a link opens. It never redeems
 * the link by itself (mail scanners open links too): the person presses the button, which POSTs it.
 */
export function PortalSignInPage() {
  const hydrated = useHydrated();
  const brand = useSiteBrand();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(token ? '' : M.linkMissing);

  async function signIn() {
    setBusy(true);
    setError('');
    try {
      await redeemPortalLink(token);
      // The token leaves the address bar and the history.
      await navigate('/portal', { replace: true });
    } catch (caught) {
      setError(caught instanceof PortalError ? caught.message : M.linkInvalid);
      setBusy(false);
    }
  }

  return (
    <PortalFrame brand={brand}>
      <PageMeta title="Sign in to the client portal" description={M.linkIntro} noindex />
      <Card className="space-y-5">
        <h1 className="text-2xl font-bold tracking-tight text-ink">{M.linkTitle}</h1>
        {error ? (
          <>
            <Banner message={error} />
            <p className="text-sm">
              <Link to="/portal" className={linkClass}>
                {M.askNewLink}
              </Link>
            </p>
          </>
        ) : (
          <>
            <p className="text-sm text-muted">{M.linkIntro}</p>
            <Button size="lg" className="w-full" disabled={busy || !hydrated} onClick={() => void signIn()}>
              {busy ? M.linkBusy : M.linkButton}
            </Button>
          </>
        )}
      </Card>
    </PortalFrame>
  );
}
