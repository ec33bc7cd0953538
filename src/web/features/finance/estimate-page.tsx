import { useState } from 'react';
import { Link } from 'react-router';
import {
  ArrowLeft,
  CheckCircle2,
  Download,
  FileText,
  FolderKanban,
  FolderPlus,
  Mail,
  Pencil,
  Trash2,
  XCircle,
} from 'lucide-react';
import { toast } from 'sonner';
import { isEstimateOpen } from '../../../shared/estimates';
import { ESTIMATE_MESSAGES as M, PORTAL_FINANCE_TEXTS as PT } from '../../../shared/messages';
import { formatMoney } from '../../../shared/money';
import type { EstimateView } from '../../../shared/schemas/estimates';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { ConfirmDialog } from '../../components/finance/confirm-dialog';
import { downloadError } from '../../components/finance/finance-errors';
import { EstimateStateBadge, showDate } from '../../components/finance/finance-parts';
import { serverMessage } from '../../lib/api-client';
import { downloadEstimatePdf, useDeleteEstimate, useEstimate } from '../../lib/estimates-api';
import {
  AcceptEstimateDialog,
  DeclineEstimateDialog,
  MakeProjectDialog,
  SendEstimateDialog,
} from './estimate-dialogs';
import { projectPath } from './estimate-draft';
import { EstimateEditor } from './estimate-editor';
import { EstimateDocument } from './invoice-document';

type Open = null | 'edit' | 'send' | 'accept' | 'decline' | 'project' | 'delete';

const linkClasses =
  'inline-flex min-w-0 items-center gap-1.5 rounded text-left font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

function DownloadButton({ estimate }: { estimate: EstimateView }) {
  const [downloading, setDownloading] = useState(false);
  return (
    <Button
      variant="secondary"
      disabled={downloading}
      onClick={async () => {
        setDownloading(true);
        try {
          await downloadEstimatePdf(estimate._id, estimate.number);
        } catch (error) {
          toast.error(await downloadError(error, 'The PDF'));
        } finally {
          setDownloading(false);
        }
      }}
    >
      <Download className="size-4" aria-hidden /> {downloading ? 'Preparing...' : 'Download PDF'}
    </Button>
  );
}

/**
 * Until the client answers: Edit, the PDF, Send, Mark accepted or declined once sent, Delete. Accepted:
 * the PDF and, once, Make project. Declined: the PDF.
 */
function Actions({ estimate, onOpen }: { estimate: EstimateView; onOpen(what: Open): void }) {
  const open = isEstimateOpen(estimate.status);
  const sent = estimate.status === 'sent';
  return (
    <div className="flex flex-wrap gap-2">
      {open && (
        <Button variant="secondary" onClick={() => onOpen('edit')}>
          <Pencil className="size-4" aria-hidden /> Edit
        </Button>
      )}
      <DownloadButton estimate={estimate} />
      {open && (
        <Button variant={sent ? 'secondary' : 'primary'} onClick={() => onOpen('send')}>
          <Mail className="size-4" aria-hidden /> {sent ? 'Send again' : 'Send estimate'}
        </Button>
      )}
      {sent && (
        <>
          <Button variant="secondary" onClick={() => onOpen('decline')}>
            <XCircle className="size-4" aria-hidden /> Mark declined
          </Button>
          <Button onClick={() => onOpen('accept')}>
            <CheckCircle2 className="size-4" aria-hidden /> Mark accepted
          </Button>
        </>
      )}
      {estimate.status === 'accepted' && !estimate.project && (
        <Button onClick={() => onOpen('project')}>
          <FolderPlus className="size-4" aria-hidden /> Make project
        </Button>
      )}
      {open && (
        <Button variant="ghost" aria-label="Delete estimate" onClick={() => onOpen('delete')}>
          <Trash2 className="size-4" aria-hidden />
        </Button>
      )}
    </div>
  );
}

/** The client's answer as recorded, and what the estimate became: the project and its deposit invoice. */
function Outcome({
  estimate,
  canOpenProjects,
  onOpenInvoice,
}: {
  estimate: EstimateView;
  canOpenProjects: boolean;
  onOpenInvoice(id: string): void;
}) {
  const { acceptance, project, depositInvoice } = estimate;
  if (!acceptance && estimate.status !== 'declined') return null;
  return (
    <section
      aria-label="The client’s answer"
      className="space-y-2 rounded-xl border border-line bg-white p-4 text-sm"
      data-testid="estimate-outcome"
    >
      {acceptance && (
        <p className="flex items-start gap-2 text-ink">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden />
          {acceptance.via === 'portal' ? (
            <span data-testid="portal-acceptance">
              {PT.portalAcceptance(
                acceptance.acceptedBy,
                showDate(acceptance.recordedAt.slice(0, 10)),
                acceptance.ip ?? '',
              )}
              {acceptance.pdfSha256 && (
                <span className="block break-all font-mono text-xs text-muted">
                  {PT.portalPdfHash(acceptance.pdfSha256)}
                </span>
              )}
            </span>
          ) : (
            <span>
              Accepted by <strong>{acceptance.acceptedBy}</strong> on {showDate(acceptance.acceptedOn)},
              recorded by {acceptance.recordedBy} on {showDate(acceptance.recordedAt.slice(0, 10))}.
              {acceptance.note && <span className="block text-muted">{acceptance.note}</span>}
            </span>
          )}
        </p>
      )}
      {estimate.status === 'declined' && (
        <p className="flex items-start gap-2 text-ink">
          <XCircle className="mt-0.5 size-4 shrink-0 text-red-700" aria-hidden />
          <span>
            {estimate.declinedVia === 'portal'
              ? PT.portalDecline(estimate.declinedName, showDate(estimate.declinedAt?.slice(0, 10) ?? null))
              : `Declined${estimate.declinedAt ? ` on ${showDate(estimate.declinedAt.slice(0, 10))}` : ''}`}
            {estimate.declineReason ? `: ${estimate.declineReason}` : '.'}
          </span>
        </p>
      )}
      {(project || depositInvoice) && (
        <div className="flex flex-wrap gap-x-6 gap-y-2 border-t border-line pt-2">
          {project &&
            (canOpenProjects ? (
              <Link to={projectPath(project._id)} className={linkClasses}>
                <FolderKanban className="size-4 shrink-0" aria-hidden /> Project {project.label}
              </Link>
            ) : (
              <span className="inline-flex items-center gap-1.5 text-ink">
                <FolderKanban className="size-4 shrink-0" aria-hidden /> Project {project.label}
              </span>
            ))}
          {depositInvoice && (
            <button type="button" className={linkClasses} onClick={() => onOpenInvoice(depositInvoice._id)}>
              <FileText className="size-4 shrink-0" aria-hidden />
              {/^draft/i.test(depositInvoice.label)
                ? 'Draft deposit invoice'
                : `Deposit invoice ${depositInvoice.label}`}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * One estimate (?tab=estimates&estimate=<id>): its header and state, the actions its state allows, the
 * client's answer and what it became, and the document.
 */
export function EstimatePage({
  estimateId,
  canOpenProjects,
  onBack,
  onOpenInvoice,
}: {
  estimateId: string;
  canOpenProjects: boolean;
  onBack(): void;
  onOpenInvoice(id: string): void;
}) {
  const estimate = useEstimate(estimateId);
  const remove = useDeleteEstimate();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const back = (
    <Button variant="ghost" size="sm" onClick={onBack}>
      <ArrowLeft className="size-4" aria-hidden /> All estimates
    </Button>
  );

  if (estimate.isPending) return <Spinner label="Loading the estimate..." />;
  if (estimate.isError)
    return (
      <div className="space-y-4">
        {back}
        <Banner message={serverMessage(estimate.error) ?? M.notFound} />
      </div>
    );
  const est = estimate.data;

  return (
    <div className="space-y-6">
      {back}
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 className="flex flex-wrap items-center gap-3 text-2xl font-bold tracking-tight text-ink">
            <span className="font-mono" data-testid="estimate-number">
              {est.number}
            </span>
            <EstimateStateBadge state={est.state} />
          </h2>
          <p className="mt-1 text-sm text-muted">
            {est.clientName} · {formatMoney(est.totals.total, est.currency)} · valid until{' '}
            {showDate(est.validUntil)}
            {est.sentAt && ` · e-mailed ${showDate(est.sentAt.slice(0, 10))}`}
          </p>
        </div>
        <Actions estimate={est} onOpen={setOpen} />
      </header>
      {est.state === 'expired' && (
        <p
          role="status"
          className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900"
        >
          Its validity date has passed. Edit it to give a later date before sending it again.
        </p>
      )}
      <Outcome estimate={est} canOpenProjects={canOpenProjects} onOpenInvoice={onOpenInvoice} />
      <EstimateDocument estimate={est} />

      {open === 'edit' && <EstimateEditor estimate={est} onClose={close} />}
      {open === 'send' && <SendEstimateDialog estimate={est} onClose={close} />}
      {open === 'accept' && <AcceptEstimateDialog estimate={est} onClose={close} />}
      {open === 'decline' && <DeclineEstimateDialog estimate={est} onClose={close} />}
      {open === 'project' && <MakeProjectDialog estimate={est} onClose={close} />}
      {open === 'delete' && (
        <ConfirmDialog
          title={`Delete ${est.number}?`}
          description="Estimates are not tax documents: its number is not used again, and the link in any e-mail of it stops working."
          confirm="Delete estimate"
          tone="danger"
          busy={remove.isPending}
          error={remove.isError ? (serverMessage(remove.error) ?? 'It could not be deleted.') : undefined}
          onClose={close}
          onConfirm={() =>
            remove.mutate(est._id, {
              onSuccess: (answer) => {
                toast.success(answer.message || M.deleted);
                onBack();
              },
            })
          }
        />
      )}
    </div>
  );
}
