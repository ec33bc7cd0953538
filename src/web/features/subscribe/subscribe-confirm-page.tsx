import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { MAILING_LIST_MESSAGES as M } from '../../../shared/messages';
import { PageMeta } from '../../lib/page-meta';
import { useHydrated } from '../../lib/hydration';
import { serverMessage } from '../../lib/api-client';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { confirmSubscription } from '../../lib/subscribe-api';

/**
 * /subscribe/confirm?token=… (docs/product/marketing.md#the-subscribe-form): the page the confirmation mail's
 * link opens. Opening it confirms nothing (mail scanners open links too): the button POSTs the token.
 */
export function SubscribeConfirmPage() {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; message: string } | null>(
    token ? null : { tone: 'error', message: M.confirmMissing },
  );
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      setOutcome({ tone: 'success', message: await confirmSubscription(token) });
    } catch (caught) {
      setOutcome({ tone: 'error', message: serverMessage(caught) ?? M.confirmInvalid });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <PageMeta title={M.confirmTitle} description={M.confirmTitle} noindex />
      <Card className="space-y-5">
        <h1 className="text-2xl font-bold tracking-tight text-ink">{M.confirmTitle}</h1>
        {outcome ? (
          <Banner tone={outcome.tone} message={outcome.message} />
        ) : (
          <>
            <p className="text-sm text-muted">{M.confirmIntro}</p>
            <Button
              size="lg"
              className="w-full sm:w-auto"
              disabled={busy || !hydrated}
              onClick={() => void confirm()}
            >
              {busy ? M.confirmBusy : M.confirmButton}
            </Button>
          </>
        )}
      </Card>
    </div>
  );
}
