import { api, isHttpError } from '../../lib/api-client';
import type { AuthResult } from '../../../shared/schemas/public-user';
import type { UserType } from '../../../shared/roles';
import type { SecondStepAnswer } from '../../../shared/schemas/two-factor';

/** POST /api/login: a session, or (two-factor sign-in) the challenge of the second step. */
export async function login(
  email: string,
  password: string,
): Promise<Partial<AuthResult> | SecondStepAnswer> {
  const { data } = await api.post<Partial<AuthResult> | SecondStepAnswer>('login', { email, password });
  return data;
}

export interface SignupPayload {
  userType: UserType;
  role: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  businessName?: string;
  /** From an invitation link: joins the inviting workspace as a Team Member. */
  inviteToken?: string;
}

/**
 * POST /api/register: a session, or (an invitation into a workspace that requires two-factor sign-in) the
 * second step's challenge, exactly as /api/login answers it.
 */
export async function register(payload: SignupPayload): Promise<Partial<AuthResult> | SecondStepAnswer> {
  const { data } = await api.post<Partial<AuthResult> | SecondStepAnswer>('register', payload);
  return data;
}

/**
 * docs/product/auth.md#sign-up: a Team Member's e-mail domain is checked with the server. 'missing' only on a real not-ok
 * answer; when the check itself cannot run, sign-up goes on ('unknown').
 */
export async function checkDomain(domain: string): Promise<'found' | 'missing' | 'unknown'> {
  try {
    await api.post('check-domain', { domain });
    return 'found';
  } catch (error) {
    return isHttpError(error) && error.response ? 'missing' : 'unknown';
  }
}
