import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { PORTAL_FINANCE_TEXTS as T } from '../../../shared/messages';
import { PORTAL_FINANCE, type PortalEstimate } from '../../../shared/schemas/portal-finance';
import { EstimateStateBadge, showDate } from '../../components/finance/finance-parts';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Checkbox, TextField } from '../../components/ui/field';
import { TextAreaField } from '../../components/ui/textarea-field';
import { acceptEstimate, declineEstimate, estimatePdfUrl, portalEstimate } from './portal-finance-api';
import { BackHome, DocumentLines, Fact, NotesAndTerms, PdfLink } from './portal-document';
import { PortalDocumentPage } from './portal-shell';

/** The answer, at the end of the page: the terms ticked and the name typed, or a reason to decline. */
function AnswerForm({
  estimate,
  onAnswered,
}: {
  estimate: PortalEstimate;
  onAnswered(next: PortalEstimate, message: string): void;
}) {
  const [agreed, setAgreed] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const ready = agreed && name.trim().length >= PORTAL_FINANCE.acceptNameMin;

  async function run(action: () => Promise<{ message: string; estimate: PortalEstimate }>) {
    setBusy(true);
    setError('');
    try {
      const answer = await action();
      setDeclining(false);
      onAnswered(answer.estimate, answer.message);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  }

  function onAccept(event: FormEvent) {
    event.preventDefault();
    if (ready) void run(() => acceptEstimate(estimate._id, name.trim()));
  }

  return (
    <Card>
      <h2 className="text-lg font-bold text-ink">{T.acceptTitle}</h2>
      <p className="mt-1 text-sm text-muted">{T.acceptIntro}</p>
      <form onSubmit={onAccept} className="mt-4 space-y-4" aria-label={T.acceptTitle}>
        {error && !declining && <Banner message={error} />}
        <Checkbox
          label={T.agreeLabel}
          checked={agreed}
          onChange={(event) => setAgreed(event.target.checked)}
        />
        <TextField
          label={T.nameLabel}
          name="name"
          autoComplete="name"
          maxLength={PORTAL_FINANCE.acceptNameMax}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={!ready || busy}>
            {busy ? T.accepting : T.acceptButton}
          </Button>
          <Button variant="secondary" onClick={() => setDeclining(true)} disabled={busy}>
            {T.declineButton}
          </Button>
        </div>
      </form>
      {declining && (
        <Dialog
          title={T.declineTitle}
          description={T.declineIntro}
          onClose={() => setDeclining(false)}
          busy={busy}
          initialFocus={reasonRef}
          footer={
            <>
              <Button variant="secondary" onClick={() => setDeclining(false)} disabled={busy}>
                {T.cancel}
              </Button>
              <Button
                variant="danger"
                disabled={busy || reason.trim().length < PORTAL_FINANCE.declineReasonMin}
                onClick={() => void run(() => declineEstimate(estimate._id, reason.trim()))}
              >
                {T.declineConfirm}
              </Button>
            </>
          }
        >
          {error && <Banner message={error} className="mb-3" />}
          <TextAreaField
            ref={reasonRef}
            label={T.reasonLabel}
            rows={4}
            maxLength={PORTAL_FINANCE.declineReasonMax}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </Dialog>
      )}
    </Card>
  );
}

function EstimateView({
  estimate,
  replace,
}: {
  estimate: PortalEstimate;
  replace(next: PortalEstimate): void;
}) {
  const [notice, setNotice] = useState('');
  return (
    <div className="space-y-5">
      <BackHome />
      <Card className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-ink">{T.estimate(estimate.number)}</h1>
          <EstimateStateBadge state={estimate.state} />
        </div>
        <p className="text-sm text-muted">{estimate.seller.name}</p>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <Fact label={T.issued}>{showDate(estimate.issueDate)}</Fact>
          <Fact label={T.validUntil}>{showDate(estimate.validUntil)}</Fact>
        </dl>
        <PdfLink href={estimatePdfUrl(estimate._id)} />
      </Card>
      <DocumentLines document={estimate} />
      <NotesAndTerms notes={estimate.notes} terms={estimate.terms} />
      {notice && <Banner message={notice} tone="success" />}
      {estimate.acceptance && (
        <Card className="space-y-1 text-sm">
          <p className="font-semibold text-ink">
            {T.acceptedOn(estimate.acceptance.name, showDate(estimate.acceptance.at.slice(0, 10)))}
          </p>
          {estimate.acceptance.pdfSha256 && (
            <p className="break-all text-xs text-muted">{T.pdfHash(estimate.acceptance.pdfSha256)}</p>
          )}
        </Card>
      )}
      {estimate.decline && (
        <Card className="space-y-1 text-sm">
          <p className="font-semibold text-ink">{T.declinedOn(showDate(estimate.decline.at.slice(0, 10)))}</p>
          <p className="text-muted">{T.declinedReason(estimate.decline.reason)}</p>
        </Card>
      )}
      {estimate.state === 'expired' && <Banner message={T.expiredNote} tone="info" />}
      {estimate.canAnswer && (
        <AnswerForm
          estimate={estimate}
          onAnswered={(next, message) => {
            setNotice(message);
            replace(next);
          }}
        />
      )}
    </div>
  );
}

/** /portal/estimates/:id (docs/product/portal.md#estimates): read it, then accept it at the end or decline it. */
export function PortalEstimatePage() {
  const { id = '' } = useParams();
  const load = useCallback(() => portalEstimate(id), [id]);
  return (
    <PortalDocumentPage title="Estimate" load={load}>
      {(estimate, replace) => <EstimateView estimate={estimate} replace={replace} />}
    </PortalDocumentPage>
  );
}
