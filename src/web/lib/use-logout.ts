import { startTransition, useCallback } from 'react';
import { useNavigate } from 'react-router';
import { endServerSession } from './session-api';
import { useSession } from './session';

/**
 * docs/product/public-site.md#routes: after logout the user goes to /. The router applies navigations as transitions, so the
 * sign-out joins the same transition; otherwise a guarded page would first see "signed out" and send to /login.
 */
export function useLogout(): () => void {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return useCallback(() => {
    // docs/product/auth.md#sessions-on-the-server: the server ends the session first (bounded, and a failure still signs out here).
    void endServerSession().then(() =>
      startTransition(() => {
        navigate('/');
        signOut();
      }),
    );
  }, [navigate, signOut]);
}
