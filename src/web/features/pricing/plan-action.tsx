import { Loader2 } from 'lucide-react';
import { useSiteSettings } from '../../lib/site-settings';
import { Button, ButtonLink, buttonClasses } from '../../components/ui/button';
import type { Plan } from './plans';
import type { usePlanActions } from './use-plan-actions';

type Actions = ReturnType<typeof usePlanActions>;

/** The Enterprise enquiry goes to the Web Settings' sales address. */
const enterpriseMail = (salesEmail: string) =>
  `mailto:${salesEmail}?subject=${encodeURIComponent('Enterprise plan enquiry')}`;

/** docs/product/public-site.md#pricing: each plan's button. Signed out (and before the session is known) the dashboard plans link to /signup. */
export function PlanAction({ plan, featured, actions }: { plan: Plan; featured: boolean; actions: Actions }) {
  const { salesEmail } = useSiteSettings().contact;
  const variant = featured ? 'primary' : 'secondary';
  const className = 'w-full';
  if (plan.key === 'enterprise')
    return (
      <a href={enterpriseMail(salesEmail)} className={buttonClasses(variant, 'lg', className)}>
        {plan.cta}
      </a>
    );
  if (!actions.signedIn)
    return (
      <ButtonLink to="/signup" variant={variant} size="lg" className={className}>
        {plan.cta}
      </ButtonLink>
    );
  if (plan.key === 'solo')
    return (
      <Button
        variant={variant}
        size="lg"
        className={className}
        disabled={actions.upgrading}
        aria-busy={actions.upgrading || undefined}
        onClick={actions.chooseSoloHq}
      >
        {actions.upgrading && <Loader2 className="size-4 animate-spin" aria-hidden />}
        {plan.cta}
      </Button>
    );
  return (
    <Button variant={variant} size="lg" className={className} onClick={actions.chooseBusinessHq}>
      {plan.cta}
    </Button>
  );
}
