import { useEffect, useState } from 'react';
import { describeInvitation } from './password-reset-api';

export type InvitationState =
  | { status: 'none' | 'loading' | 'invalid' }
  | { status: 'valid'; token: string; workspaceName: string; email: string };

/** The invitation a sign-up link carries (`/signup?invite=…`), looked up once in the browser. */
export function useInvitation(token: string | null): InvitationState {
  const [state, setState] = useState<InvitationState>({ status: token ? 'loading' : 'none' });
  useEffect(() => {
    if (!token) return;
    let current = true;
    describeInvitation(token).then(
      (invitation) => current && setState({ status: 'valid', token, ...invitation }),
      () => current && setState({ status: 'invalid' }),
    );
    return () => {
      current = false;
    };
  }, [token]);
  return state;
}
