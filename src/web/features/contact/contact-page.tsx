import { useLocation, useSearchParams } from 'react-router';
import { CONTACT_LIMITS } from '../../../shared/contact';
import { PageMeta } from '../../lib/page-meta';
import { EMPTY_CONTACT, type ContactValues } from './contact-api';
import { ContactChannels } from './contact-channels';
import { ContactForm } from './contact-form';

/** ?message= (the home hero's text) and ?service= (a service card) prefill the form. */
function prefill(params: URLSearchParams): ContactValues {
  return {
    ...EMPTY_CONTACT,
    subject: (params.get('service') ?? '').slice(0, CONTACT_LIMITS.subjectMax),
    message: (params.get('message') ?? '').slice(0, CONTACT_LIMITS.messageMax),
  };
}

/** Contact page (docs/product/public-site.md#contact). */
export function ContactPage() {
  const [params] = useSearchParams();
  const { search } = useLocation();
  return (
    <>
      <PageMeta
        title="Contact"
        description="Send AgencyHQ a message about a project, a plan or your account. We aim to reply within 1 business day."
        canonicalPath="/contact"
      />
      <section className="border-b border-line bg-gradient-to-b from-brand-50 to-canvas">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-14">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Contact</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">Contact Us</h1>
          <p className="mt-4 max-w-2xl text-lg text-muted">
            Tell us about your project, a plan you are considering or anything else. A real person reads every
            message.
          </p>
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-5 lg:items-start lg:py-16">
        <div className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8 lg:col-span-3">
          <h2 className="text-lg font-semibold text-ink">Send us a message</h2>
          <div className="mt-6">
            {/* A new prefill (another service card, another hero text) starts a fresh form. */}
            <ContactForm key={search} initial={prefill(params)} />
          </div>
        </div>
        <div className="lg:col-span-2">
          <ContactChannels />
        </div>
      </div>
    </>
  );
}
