import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PLAN_MESSAGES } from '../../../shared/messages';
import type { PublicUser } from '../../../shared/schemas/public-user';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';

/**
 * The plans' toasts answer a signed-in visitor, whose page has sonner loaded already (app-toaster.tsx):
 * imported here on use, it stays out of the pricing page's own code.
 */
function toast(kind: 'success' | 'error' | 'info', message: string) {
  void import('sonner').then((sonner) => sonner.toast[kind](message));
}

async function upgradeToSoloHq(): Promise<PublicUser> {
  const { data } = await api.post<{ success: boolean; user: PublicUser }>('users/upgrade-role', {
    newRole: 'SOLOHQ',
  });
  if (!data.success) throw new Error(PLAN_MESSAGES.upgradeFailed);
  return data.user;
}

/**
 * Pricing actions (docs/product/public-site.md#pricing). Signed out, both dashboard plans lead to /signup (rendered as links, so they
 * work before hydration); signed in, Solo HQ upgrades a User-role account and refuses any other role, and
 * the mid-tier plan asks the visitor to contact sales.
 */
export function usePlanActions() {
  const { status, user, replaceUser } = useSession();
  const navigate = useNavigate();
  const upgrade = useMutation({
    mutationFn: upgradeToSoloHq,
    onSuccess: (next) => {
      toast('success', PLAN_MESSAGES.upgradeSuccess);
      replaceUser(next);
      void navigate('/dashboard');
    },
    onError: () => toast('error', PLAN_MESSAGES.upgradeFailed),
  });

  return {
    signedIn: status === 'signed-in' && user !== null,
    upgrading: upgrade.isPending,
    chooseSoloHq() {
      if (user?.role === 'User') upgrade.mutate();
      else toast('info', PLAN_MESSAGES.differentPlan);
    },
    chooseBusinessHq() {
      toast('info', PLAN_MESSAGES.contactSales);
    },
  };
}
