import { describe, expect, it } from 'vitest';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { AUTH_MESSAGES } from '../../../shared/messages';
import { loginErrorMessage, signupErrorMessage } from './auth-errors';

function httpError(status: number, data: unknown = {}): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response = { status, data, statusText: '', headers: {}, config } as AxiosResponse;
  return new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, {}, response);
}

describe('loginErrorMessage (docs/product/auth.md#messages sign-in catalogue)', () => {
  it('maps statuses in order', () => {
    expect(loginErrorMessage(httpError(400, { message: 'Bad thing' }))).toBe('Bad thing');
    expect(loginErrorMessage(httpError(400))).toBe(AUTH_MESSAGES.badRequestFallback);
    expect(loginErrorMessage(httpError(401, { message: 'ignored' }))).toBe(AUTH_MESSAGES.invalidCredentials);
    expect(loginErrorMessage(httpError(500, { message: 'ignored' }))).toBe(AUTH_MESSAGES.serverError);
    expect(loginErrorMessage(httpError(429, { message: 'Slow down' }))).toBe('Slow down');
    expect(loginErrorMessage(httpError(503))).toBe('Server error (503). Please try again.');
  });
  it('reports a request without response as a connection failure', () => {
    expect(loginErrorMessage(new AxiosError('Network Error', 'ERR_NETWORK', undefined, {}))).toBe(
      AUTH_MESSAGES.cannotConnect,
    );
  });
  it('falls back to the error message, then the defaults', () => {
    expect(loginErrorMessage(new Error(AUTH_MESSAGES.invalidResponse))).toBe(AUTH_MESSAGES.invalidResponse);
    expect(loginErrorMessage(new Error(''))).toBe(AUTH_MESSAGES.unexpected);
    expect(loginErrorMessage('weird')).toBe(AUTH_MESSAGES.loginFailed);
  });
});

describe('signupErrorMessage', () => {
  it('uses the server message or the fallback', () => {
    expect(signupErrorMessage(httpError(409, { message: 'Taken' }))).toBe('Taken');
    expect(signupErrorMessage(httpError(500))).toBe(AUTH_MESSAGES.registrationFailed);
  });
});
