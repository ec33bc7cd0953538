import { DASHBOARD_MESSAGES, EMAIL_SETUP_MESSAGES as M } from '../../../shared/messages';
import type { EmailSetupAnswer } from '../../../shared/schemas/mail';
import type { SectionProps } from '../../lib/section-props';
import { Banner } from '../../components/ui/banner';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/api-client';
import { DeliveryLog } from './delivery-log';
import { useEmailSetup } from './email-setup-api';
import { EmailSetupForm } from './email-setup-form';
import { SendTestCard } from './send-test-card';

/** Where this workspace's mail goes out now, in one sentence. */
function deliveryNotice({ config, delivery }: EmailSetupAnswer): {
  message: string;
  tone: 'success' | 'info' | 'error';
} {
  if (delivery.transport === 'none') return { message: M.notDelivering, tone: 'info' };
  if (delivery.transport === 'platform')
    return {
      message: 'Until you save your own server, your mail goes out through the platform’s e-mail set-up.',
      tone: 'info',
    };
  if (config?.lastError) return { message: `The last attempt failed: ${config.lastError}`, tone: 'error' };
  if (config?.verifiedAt)
    return { message: 'Your e-mail is delivered successfully through this server.', tone: 'success' };
  return { message: 'Saved, not tested yet: send a test e-mail to check the settings.', tone: 'info' };
}

/** Business Email Setup (docs/product/email.md#business-email-setup), made real: the SMTP form, a test send and the delivery log. */
export function EmailSetupSection({ user, section }: SectionProps) {
  const setup = useEmailSetup();
  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {section.title ?? section.label}
        </h1>
        <p className="mt-1 text-sm text-muted">
          Send contact messages, password resets and invitations from your own address.
        </p>
      </header>
      {setup.isPending ? (
        <Spinner label={DASHBOARD_MESSAGES.loading} />
      ) : setup.isError ? (
        <Banner message={serverMessage(setup.error) ?? 'Failed to load the e-mail configuration.'} />
      ) : (
        <>
          <Banner {...deliveryNotice(setup.data)} />
          <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <EmailSetupForm
              key={setup.data.config?.updatedAt ?? 'new'}
              config={setup.data.config}
              readOnlyReason={setup.data.editable ? null : setup.data.readOnlyReason}
            />
            <SendTestCard userEmail={user.email} configured={Boolean(setup.data.config)} />
          </div>
          <DeliveryLog />
        </>
      )}
    </div>
  );
}
