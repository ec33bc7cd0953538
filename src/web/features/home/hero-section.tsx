import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ArrowRight, Sparkles } from 'lucide-react';
import { CONTACT_LIMITS } from '../../../shared/contact';
import { useSiteSettings } from '../../lib/site-settings';
import { Button, ButtonLink } from '../../components/ui/button';
import { TextAreaField } from '../../components/ui/textarea-field';
import { HeroPreview } from './hero-preview';

/** Where the hero's text goes: the contact form's message, capped so the address stays short. */
export function contactHref(message: string): string {
  const text = message.trim().slice(0, CONTACT_LIMITS.heroMessageMax);
  return text ? `/contact?message=${encodeURIComponent(text)}` : '/contact';
}

/**
 * Hero (docs/product/public-site.md#home-page): title, a text box and a call-to-action. A real GET form to /contact, so it works before the
 * JavaScript arrives; once hydrated it navigates in-app with the text carried into the contact message.
 * The tagline, title, highlight, text and call-to-action label are the Web Settings' (the spec's by default).
 */
export function HeroSection() {
  const { identity, hero } = useSiteSettings();
  const [message, setMessage] = useState('');
  const navigate = useNavigate();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(contactHref(message));
  };

  return (
    <section className="relative overflow-hidden border-b border-line bg-gradient-to-b from-brand-50 via-white to-white">
      <svg className="absolute inset-0 -z-0 size-full text-brand-100" aria-hidden>
        <defs>
          <pattern id="hero-grid" width="40" height="40" patternUnits="userSpaceOnUse">
            <path d="M40 0H0v40" fill="none" stroke="currentColor" strokeWidth="1" />
          </pattern>
        </defs>
        <rect width="100%" height="100%" fill="url(#hero-grid)" opacity="0.6" />
      </svg>
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2 lg:py-24">
        <div>
          {identity.tagline && (
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm ring-1 ring-brand-100">
              <Sparkles className="size-4 shrink-0" aria-hidden />
              {identity.tagline}
            </p>
          )}
          <h1 className="mt-6 break-words text-4xl font-extrabold tracking-tight text-ink sm:text-5xl lg:text-6xl">
            {/* One text node before the highlight, as the server's HTML has always had it. */}
            {hero.highlight ? `${hero.title} ` : hero.title}
            {hero.highlight && <span className="text-brand-600">{hero.highlight}</span>}
          </h1>
          {hero.text && <p className="mt-5 max-w-xl text-lg text-muted">{hero.text}</p>}
          <form
            method="get"
            action="/contact"
            onSubmit={onSubmit}
            className="mt-8 max-w-xl rounded-2xl border border-line bg-white p-4 shadow-lg shadow-brand-900/5 sm:p-5"
          >
            <TextAreaField
              label="Tell us about your project"
              name="message"
              rows={3}
              maxLength={CONTACT_LIMITS.heroMessageMax}
              placeholder="A new website for our café, launching in March..."
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
            <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
              <Button type="submit" size="lg">
                {hero.ctaLabel}
                <ArrowRight className="size-4" aria-hidden />
              </Button>
              <ButtonLink to="/pricing" variant="ghost" size="lg">
                See dashboard plans
              </ButtonLink>
            </div>
          </form>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}
