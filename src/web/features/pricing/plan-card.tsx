import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import { cn } from '../../components/ui/cn';
import { BUSINESS_PRICE, rupees, type Billing, type Plan } from './plans';

/** The price block: Free, the mid-tier price for the chosen billing, or '-' for Enterprise. */
function PlanPrice({ plan, billing }: { plan: Plan; billing: Billing }) {
  if (plan.key === 'solo')
    return (
      <>
        <p className="text-4xl font-extrabold tracking-tight text-ink">Free</p>
        <p className="mt-1 text-sm text-muted">No card needed</p>
      </>
    );
  if (plan.key === 'enterprise')
    return (
      <>
        <p className="text-4xl font-extrabold tracking-tight text-ink">
          <span aria-hidden>-</span>
          <span className="sr-only">Price on request</span>
        </p>
        <p className="mt-1 text-sm text-muted">Priced for your organisation</p>
      </>
    );
  const perMonth = BUSINESS_PRICE[billing];
  return (
    <>
      <p className="flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight text-ink" data-testid="business-price">
          {rupees(perMonth)}
        </span>
        <span className="text-sm font-medium text-muted">/month</span>
      </p>
      <p className="mt-1 text-sm text-muted">
        {billing === 'annual'
          ? `Billed annually: ${rupees(perMonth * 12)} a year`
          : 'Billed monthly, cancel any time'}
      </p>
    </>
  );
}

/** One plan: name, tagline, price, its action and the short feature list. */
export function PlanCard({
  plan,
  billing,
  featured,
  action,
}: {
  plan: Plan;
  billing: Billing;
  featured: boolean;
  action: ReactNode;
}) {
  const headingId = `plan-${plan.key}`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'relative flex flex-col rounded-3xl bg-white p-7 shadow-sm',
        featured ? 'border-2 border-brand-600 shadow-xl shadow-brand-900/10' : 'border border-line',
      )}
    >
      {featured && (
        <p className="absolute -top-3.5 left-7 rounded-full bg-brand-600 px-3 py-1 text-xs font-bold uppercase tracking-wide text-white">
          Most popular
        </p>
      )}
      <h2 id={headingId} className="text-lg font-bold text-ink">
        {plan.name}
      </h2>
      <p className="mt-1 min-h-10 text-sm text-muted">{plan.tagline}</p>
      <div className="mt-6">
        <PlanPrice plan={plan} billing={billing} />
      </div>
      <div className="mt-6">{action}</div>
      <ul className="mt-8 space-y-3 border-t border-line pt-6 text-sm text-ink">
        {plan.highlights.map((item) => (
          <li key={item} className="flex gap-3">
            <Check className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
