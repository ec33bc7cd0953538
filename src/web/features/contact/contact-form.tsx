import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { CONTACT_MESSAGES } from '../../../shared/messages';
import { CONTACT_LIMITS } from '../../../shared/contact';
import { useHydrated } from '../../lib/hydration';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { TextAreaField } from '../../components/ui/textarea-field';
import {
  EMPTY_CONTACT,
  contactFailureText,
  missingRequired,
  sendContact,
  type ContactValues,
} from './contact-api';
import { FormNotice, type Notice } from './form-notice';

/**
 * Contact form (docs/product/public-site.md#contact). The browser's own validation is off; the three required fields are checked
 * here with the spec's one text. Success clears the form, failure keeps what was typed.
 */
export function ContactForm({ initial }: { initial: ContactValues }) {
  const hydrated = useHydrated();
  const [values, setValues] = useState(initial);
  const [notice, setNotice] = useState<Notice | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const send = useMutation({
    mutationFn: sendContact,
    onSuccess: () => {
      setValues(EMPTY_CONTACT);
      setNotice({ tone: 'success', text: CONTACT_MESSAGES.sent });
    },
    onError: (error) => setNotice({ tone: 'error', text: contactFailureText(error) }),
  });

  const field = (name: keyof ContactValues) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = missingRequired(values);
    if (missing.length) {
      setNotice({ tone: 'error', text: CONTACT_MESSAGES.requiredFields });
      formRef.current?.querySelector<HTMLElement>(`[name="${missing[0]}"]`)?.focus();
      return;
    }
    setNotice(null);
    send.mutate(values);
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Contact form">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Name *"
          autoComplete="name"
          required
          maxLength={CONTACT_LIMITS.nameMax}
          {...field('name')}
        />
        <TextField
          label="Email *"
          type="email"
          autoComplete="email"
          required
          maxLength={CONTACT_LIMITS.emailMax}
          {...field('email')}
        />
      </div>
      <TextField label="Subject (optional)" maxLength={CONTACT_LIMITS.subjectMax} {...field('subject')} />
      <TextAreaField
        label="Message *"
        rows={6}
        required
        maxLength={CONTACT_LIMITS.messageMax}
        {...field('message')}
      />
      <FormNotice notice={notice} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted">* Required fields</p>
        <Button type="submit" size="lg" disabled={send.isPending || !hydrated} className="sm:min-w-44">
          <Send className="size-4" aria-hidden />
          {send.isPending ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
