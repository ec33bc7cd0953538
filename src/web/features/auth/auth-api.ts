import { api, isHttpError } from '../../lib/api-client';
import type { AuthResult, PublicUser } from '../../../shared/schemas/user';
import type { UserType } from '../../../shared/roles';

export async function fetchProfile(): Promise<PublicUser> {
  const { data } = await api.get<{ user?: PublicUser } & Partial<PublicUser>>('profile');
  return (data.user ?? data) as PublicUser;
}

export async function login(email: string, password: string): Promise<Partial<AuthResult>> {
  const { data } = await api.post<Partial<AuthResult>>('login', { email, password });
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

export async function register(payload: SignupPayload): Promise<Partial<AuthResult>> {
  const { data } = await api.post<Partial<AuthResult>>('register', payload);
  return data;
}

/**
 * Spec §5: a Team Member's e-mail domain is checked with the server. 'missing' only on a real not-ok
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
