import { Building2, Plus } from 'lucide-react';
import { toast } from 'sonner';
import { CLIENT_MESSAGES as M } from '../../../shared/messages';
import type { LeadConversionDraft } from '../../../shared/schemas/clients';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/api-client';
import { useConvertLead, useLeadConversion } from '../../lib/clients-api';

const REASONS = { email: 'same e-mail', phone: 'same phone', name: 'same name and company' } as const;

/**
 * "Convert to client" (docs/product/projects.md#converting-a-lead): the clients the lead already is, each
 * with why, to link it to; or a new client drafted from the lead, completed in the client form.
 */
export function LeadConvertDialog({
  leadId,
  onClose,
  onNewClient,
}: {
  leadId: string;
  onClose(): void;
  /** "New client": the caller shows the client form with this draft (in place of its own panel). */
  onNewClient(draft: LeadConversionDraft['draft']): void;
}) {
  const conversion = useLeadConversion(leadId);
  const convert = useConvertLead(leadId);

  const link = (clientId: string) =>
    convert.mutate(
      { clientId },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onClose();
        },
      },
    );

  return (
    <Dialog
      title="Convert to client"
      description="Link this lead to a client you already have, or make a new client from it. The lead is set Converted."
      onClose={onClose}
      busy={convert.isPending}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={convert.isPending}>
            Cancel
          </Button>
          {conversion.data && !conversion.data.convertedInto && (
            <Button onClick={() => onNewClient(conversion.data.draft)} disabled={convert.isPending}>
              <Plus className="size-4" aria-hidden />
              New client
            </Button>
          )}
        </>
      }
    >
      {convert.isError && (
        <Banner message={serverMessage(convert.error) ?? 'The lead could not be converted.'} />
      )}
      {conversion.isPending ? (
        <Spinner label="Looking for this lead among your clients..." />
      ) : conversion.isError ? (
        <Banner message={serverMessage(conversion.error) ?? 'The lead could not be read.'} />
      ) : conversion.data.convertedInto ? (
        <Banner tone="info" message={M.alreadyConverted(conversion.data.convertedInto.name)} />
      ) : conversion.data.matches.length === 0 ? (
        <p className="text-sm text-muted">
          No client of yours has this lead’s e-mail, phone or name and company.
        </p>
      ) : (
        <ul className="space-y-2" aria-label="Clients this lead may be">
          {conversion.data.matches.map(({ client, reasons }) => (
            <li
              key={client._id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line p-3"
            >
              <div className="flex min-w-0 items-center gap-3">
                <Building2 className="size-5 shrink-0 text-muted" aria-hidden />
                <div className="min-w-0">
                  <p className="font-medium text-ink">{client.name}</p>
                  <p className="text-xs text-muted">{reasons.map((r) => REASONS[r]).join(', ')}</p>
                </div>
              </div>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Link to ${client.name}`}
                disabled={convert.isPending}
                onClick={() => link(client._id)}
              >
                Link
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
