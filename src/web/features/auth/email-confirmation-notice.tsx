import { useState } from 'react';
import { MailWarning, Send } from 'lucide-react';
import { toast } from 'sonner';
import { AUTH_MESSAGES, EMAIL_CONFIRMATION_MESSAGES as M } from '../../../shared/messages';
import type { PublicUser } from '../../../shared/schemas/public-user';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { isHttpError, serverMessage } from '../../lib/api-client';
import { resendConfirmation } from './email-confirmation-api';

/** 'Resend link': a new confirmation mail, its answer (or why not, e.g. too many this hour) as a toast. */
export function ResendLinkButton({ className }: { className?: string }) {
  const [busy, setBusy] = useState(false);

  async function onResend() {
    setBusy(true);
    try {
      toast.success(await resendConfirmation());
    } catch (caught) {
      toast.error(
        serverMessage(caught) ??
          (isHttpError(caught) && !caught.response ? AUTH_MESSAGES.cannotConnect : M.resendFailed),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      variant="secondary"
      size="sm"
      className={className}
      disabled={busy}
      onClick={() => void onResend()}
    >
      <Send className="size-4" aria-hidden />
      {busy ? M.resending : M.resend}
    </Button>
  );
}

/** docs/product/auth.md#proven-addresses: above every dashboard section while the signed-in account's address is unproven. */
export function EmailConfirmationBanner({ user, className }: { user: PublicUser; className?: string }) {
  if (user.emailConfirmed !== false) return null;
  return (
    <aside
      aria-labelledby="email-confirmation-title"
      className={cn(
        'flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900',
        className,
      )}
    >
      <MailWarning className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id="email-confirmation-title" className="text-sm font-semibold">
            {M.bannerTitle}
          </h2>
          <p className="mt-1 break-words text-sm">{M.bannerText(user.email)}</p>
        </div>
        <ResendLinkButton className="shrink-0 self-start" />
      </div>
    </aside>
  );
}
