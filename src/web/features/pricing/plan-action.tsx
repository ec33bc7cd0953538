import { Loader2 } from 'lucide-react';
import { SITE_CONTACT } from '../../../shared/site';
import { Button, ButtonLink, buttonClasses } from '../../components/ui/button';
import type { Plan } from './plans';
import type { usePlanActions } from './use-plan-actions';

type Actions = ReturnType<typeof usePlanActions>;

const ENTERPRISE_MAIL = `mailto:${SITE_CONTACT.salesEmail}?subject=${encodeURIComponent('Enterprise plan enquiry')}`;

/** Spec §4: each plan's button. Signed out (and before the session is known) the dashboard plans link to /signup. */
export function PlanAction({ plan, featured, actions }: { plan: Plan; featured: boolean; actions: Actions }) {
  const variant = featured ? 'primary' : 'secondary';
  const className = 'w-full';
  if (plan.key === 'enterprise')
    return (
      <a href={ENTERPRISE_MAIL} className={buttonClasses(variant, 'lg', className)}>
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
