import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import type { AuthResult } from '../../shared/schemas/public-user';
import type { RecoveryCodesAnswer, TwoFactorSetup, TwoFactorStatus } from '../../shared/schemas/two-factor';

export const twoFactorStatusKey = ['two-factor', 'status'] as const;

/** GET /api/profile/two-factor: the signed-in member's own factor. */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorStatusKey,
    queryFn: async () => (await api.get<TwoFactorStatus>('profile/two-factor')).data,
  });
}

/** The signed-in member's set-up and code-checked actions. */
export const ownFactor = {
  /** docs/product/auth.md#two-factor-sign-in: takes the account's password. */
  begin: async (password: string) =>
    (await api.post<TwoFactorSetup>('profile/two-factor/setup', { password })).data,
  confirm: async (code: string) =>
    (await api.post<RecoveryCodesAnswer>('profile/two-factor/confirm', { code })).data,
  disable: async (code: string) =>
    (await api.post<{ message: string }>('profile/two-factor/disable', { code })).data,
  renewCodes: async (code: string) =>
    (await api.post<RecoveryCodesAnswer>('profile/two-factor/recovery-codes', { code })).data,
};

/** The second sign-in step, with the challenge the password step answered. */
export const signInStep = {
  withCode: async (challengeToken: string, code: string) =>
    (await api.post<AuthResult>('login/two-factor', { challengeToken, code })).data,
  begin: async (challengeToken: string) =>
    (await api.post<TwoFactorSetup>('login/two-factor/setup', { challengeToken })).data,
  confirm: async (challengeToken: string, code: string) =>
    (
      await api.post<AuthResult & { recoveryCodes: string[] }>('login/two-factor/confirm', {
        challengeToken,
        code,
      })
    ).data,
};

export async function setTwoFactorPolicy(required: boolean): Promise<{ required: boolean; message: string }> {
  return (await api.put<{ required: boolean; message: string }>('workspace/two-factor-policy', { required }))
    .data;
}
