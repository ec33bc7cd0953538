import { useState } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '../../lib/page-meta';
import { HydrateLater } from '../../lib/hydrate-later';
import { BillingToggle } from './billing-toggle';
import { ComparisonTable } from './comparison-table';
import { PlanAction } from './plan-action';
import { PlanCard } from './plan-card';
import { PLANS, type Billing } from './plans';
import { usePlanActions } from './use-plan-actions';

/** 'Upgrade your plan' (docs/product/public-site.md#pricing): billing toggle, the three plans with their actions, the comparison. */
export function PricingPage() {
  const [billing, setBilling] = useState<Billing>('monthly');
  const actions = usePlanActions();
  return (
    <div className="bg-gradient-to-b from-brand-50 via-canvas to-canvas">
      <PageMeta
        title="Pricing"
        description="Solo HQ is free. Business HQ Dashboard is ₹12,999 a month, or ₹10,399 a month billed annually (20% off). Enterprise plans on request."
        canonicalPath="/pricing"
      />
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Pricing</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">
            Upgrade your plan
          </h1>
          <p className="mt-4 text-lg text-muted">
            Start free, grow into the full business dashboard, and talk to us when you need more.
          </p>
          <div className="mt-8">
            <BillingToggle value={billing} onChange={setBilling} />
          </div>
        </div>
        {/* The plans and the comparison are each adopted in a task of their own (see hydrate-later.tsx). */}
        <HydrateLater>
          <div className="mx-auto mt-14 grid max-w-6xl gap-8 lg:grid-cols-3 lg:items-start">
            {PLANS.map((plan) => {
              const featured = plan.key === 'business';
              return (
                <PlanCard
                  key={plan.key}
                  plan={plan}
                  billing={billing}
                  featured={featured}
                  action={<PlanAction plan={plan} featured={featured} actions={actions} />}
                />
              );
            })}
          </div>
        </HydrateLater>
        <p className="mt-8 text-center text-sm text-muted">
          Prices in Indian rupees, per workspace. Questions?{' '}
          <Link to="/contact" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            Contact us
          </Link>
          .
        </p>
        <HydrateLater>
          <div className="mx-auto mt-16 max-w-5xl">
            <ComparisonTable />
          </div>
        </HydrateLater>
      </div>
    </div>
  );
}
