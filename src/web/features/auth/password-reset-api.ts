import { api } from '../../lib/api-client';

/** POST /api/password/forgot → the same neutral answer whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<string> {
  return (await api.post<{ message: string }>('password/forgot', { email })).data.message;
}

/** POST /api/password/reset with the link's token → the server's confirmation text. */
export async function resetPassword(
  token: string,
  password: string,
  confirmPassword: string,
  /** Also revoke the API keys and webhooks made since then (docs/security.md#lasting-credentials). */
  revokeCredentialsSince?: string,
): Promise<string> {
  return (
    await api.post<{ message: string }>('password/reset', {
      token,
      password,
      confirmPassword,
      ...(revokeCredentialsSince ? { revokeCredentialsSince } : {}),
    })
  ).data.message;
}

/** GET /api/invitations/:token → who is invited to which workspace (an invalid link answers 404). */
export async function describeInvitation(token: string): Promise<{ workspaceName: string; email: string }> {
  return (await api.get<{ workspaceName: string; email: string }>(`invitations/${encodeURIComponent(token)}`))
    .data;
}
