import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';

const button =
  'inline-flex h-12 items-center justify-center gap-2 rounded-lg px-6 text-base font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/** The last band of the home page: the two next steps, plans or a conversation. */
export function ClosingCta() {
  return (
    <section aria-labelledby="closing-heading" className="bg-canvas px-4 py-20 sm:px-6">
      <div className="mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 to-brand-900 px-6 py-14 text-center shadow-xl sm:px-12">
        <h2 id="closing-heading" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          Ready to run your business from one place?
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">
          Start free with Solo HQ, or tell us about the project you have in mind. We aim to reply within 1
          business day.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/pricing" className={`${button} bg-white text-brand-800 shadow-sm hover:bg-brand-50`}>
            See plans and pricing
          </Link>
          <Link
            to="/contact"
            className={`${button} bg-white/10 text-white ring-1 ring-white/40 hover:bg-white/20`}
          >
            Talk to our team
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        </div>
      </div>
    </section>
  );
}
