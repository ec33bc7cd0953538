import { api, isHttpError } from '../../lib/api-client';
import type { AuthResult, PublicUser } from '../../../shared/schemas/user';
import type { UserType } from '../../../shared/roles';
import type { SecondStepAnswer } from '../../../shared/schemas/two-factor';

/** The last profile read and its validator: an unchanged profile comes back as a bodiless 304. */
let lastProfile: { etag: string; user: PublicUser } | null = null;

/**
 * GET /api/profile, conditional on the last answer: the 30 s permission poll then costs a few hundred bytes
 * instead of resending an unchanged profile image (up to ~1.4 MB).
 */
export async function fetchProfile(): Promise<PublicUser> {
  const known = lastProfile;
  const response = await api.get<{ user?: PublicUser } & Partial<PublicUser>>('profile', {
    headers: known ? { 'If-None-Match': known.etag } : {},
    validateStatus: (status) => (status >= 200 && status < 300) || status === 304,
  });
  if (response.status === 304 && known) return known.user;
  const user = (response.data.user ?? response.data) as PublicUser;
  const etag = response.headers.etag as string | undefined;
  lastProfile = etag ? { etag, user } : null;
  return user;
}

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
