import { AUTH_MESSAGES } from '../../../shared/messages';
import { isHttpError, serverMessage } from '../../lib/api-client';

/** Sign-in catalogue (docs/product/auth.md#messages), status based, in its order. */
export function loginErrorMessage(error: unknown): string {
  if (isHttpError(error)) {
    const status = error.response?.status;
    const message = serverMessage(error);
    if (status === 400) return message ?? AUTH_MESSAGES.badRequestFallback;
    if (status === 401) return AUTH_MESSAGES.invalidCredentials;
    if (status === 500) return AUTH_MESSAGES.serverError;
    if (status !== undefined) return message ?? AUTH_MESSAGES.serverErrorStatus(status);
    if (error.request) return AUTH_MESSAGES.cannotConnect;
  }
  if (error instanceof Error) return error.message || AUTH_MESSAGES.unexpected;
  return AUTH_MESSAGES.loginFailed;
}

/** Sign-up (docs/product/auth.md#messages): otherwise the server message or 'Registration failed'. */
export function signupErrorMessage(error: unknown): string {
  return serverMessage(error) ?? AUTH_MESSAGES.registrationFailed;
}
