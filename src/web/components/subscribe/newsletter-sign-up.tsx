import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MAILING_LIST_MESSAGES as M } from '../../../shared/messages';
import { publicQueryKeys } from '../../../shared/query-keys';
import type { NewsletterSignUp as SignUp } from '../../../shared/site-settings';
import { useSiteSettings, useSitePreview } from '../../lib/site-settings';
import { Banner } from '../ui/banner';
import { ConsentSubmit, useSubscribeSubmit } from './subscribe-submit';

/**
 * The footer's newsletter sign-up (docs/product/web-settings.md#newsletter). The server preloads it with
 * every page (its list's form key and consent text); none preloaded, or null, shows nothing: the block is
 * never fetched on its own.
 */
function usePreloadedSignUp(): SignUp | null {
  return (
    useQuery({ queryKey: publicQueryKeys.newsletterSignUp(), queryFn: () => null, staleTime: Infinity })
      .data ?? null
  );
}

export function NewsletterSignUp() {
  const preview = useSitePreview();
  const { newsletter } = useSiteSettings();
  const live = usePreloadedSignUp();
  // The editor's preview shows the draft's heading and text; its form, not sendable, shows the live list's consent.
  const signUp: SignUp | null = preview
    ? newsletter.enabled
      ? {
          heading: newsletter.heading,
          text: newsletter.text,
          formKey: '',
          consentText: live?.consentText ?? '',
        }
      : null
    : live;
  if (!signUp) return null;
  return <SignUpForm signUp={signUp} sendable={!preview} />;
}

function SignUpForm({ signUp, sendable }: { signUp: SignUp; sendable: boolean }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const { busy, error, done, submit } = useSubscribeSubmit(signUp.formKey);

  function send(event: FormEvent) {
    event.preventDefault();
    if (sendable) void submit({ email, name: '' });
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="border-t border-slate-800">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <h2 id={`${id}-heading`} className="text-sm font-semibold text-white">
          {signUp.heading}
        </h2>
        {signUp.text && <p className="mt-2 max-w-xl text-sm">{signUp.text}</p>}
        {done !== null ? (
          <Banner tone="success" message={done} className="mt-4 max-w-xl" />
        ) : (
          <form
            className="mt-4 max-w-xl space-y-3"
            // Sent before the script runs (it is not, the button waits), it would open the list's own page.
            action={`/subscribe/${encodeURIComponent(signUp.formKey)}`}
            data-form-key={signUp.formKey}
            onSubmit={send}
          >
            {error && <Banner message={error} />}
            <label htmlFor={`${id}-email`} className="block text-sm font-medium text-white">
              {M.emailLabel}
            </label>
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              className="block w-full rounded-lg border border-slate-600 bg-slate-800 px-3 py-2 text-sm text-white placeholder:text-slate-400 focus:border-white focus:outline-none"
            />
            <ConsentSubmit
              id={`${id}-consent`}
              consentText={signUp.consentText}
              busy={busy}
              disabled={!sendable}
              className="space-y-3"
              textClassName="bg-slate-800 text-slate-200"
            />
          </form>
        )}
      </div>
    </section>
  );
}
