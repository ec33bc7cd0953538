import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, SERVER_MESSAGES } from '../messages';
import { loginSchema, registerSchema } from './auth';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('loginSchema', () => {
  it('trims and lower-cases the e-mail', () => {
    expect(loginSchema.parse({ email: '  Ann@Example.COM ', password: 'x' }).email).toBe('ann@example.com');
  });
  it('asks for both fields with the spec text', () => {
    expect(firstMessage(loginSchema.safeParse({ email: ' ', password: 'x' }))).toBe(
      AUTH_MESSAGES.loginRequired,
    );
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b.c' }))).toBe(AUTH_MESSAGES.loginRequired);
  });
});

describe('registerSchema', () => {
  const owner = {
    userType: 'business-owner',
    businessName: 'Acme',
    email: 'o@acme.test',
    password: 'secret1',
    confirmPassword: 'secret1',
  };

  it('accepts a complete business owner', () => {
    expect(registerSchema.safeParse(owner).success).toBe(true);
  });
  it('requires a user type first', () => {
    expect(firstMessage(registerSchema.safeParse({ ...owner, userType: undefined }))).toBe(
      AUTH_MESSAGES.chooseUserType,
    );
    expect(firstMessage(registerSchema.safeParse({ ...owner, userType: 'boss' }))).toBe(
      AUTH_MESSAGES.chooseUserType,
    );
  });
  it('checks matching passwords before length', () => {
    expect(
      firstMessage(registerSchema.safeParse({ ...owner, password: 'abc', confirmPassword: 'abd' })),
    ).toBe(AUTH_MESSAGES.passwordsMismatch);
    expect(
      firstMessage(registerSchema.safeParse({ ...owner, password: 'abcde', confirmPassword: 'abcde' })),
    ).toBe(AUTH_MESSAGES.passwordTooShort);
  });
  it('needs a business name for owners and freelancers, a username for team members', () => {
    expect(firstMessage(registerSchema.safeParse({ ...owner, businessName: '  ' }))).toBe(
      SERVER_MESSAGES.businessNameRequired,
    );
    expect(
      firstMessage(registerSchema.safeParse({ ...owner, userType: 'team-member', businessName: undefined })),
    ).toBe(SERVER_MESSAGES.usernameRequired);
  });
  it('rejects a malformed e-mail', () => {
    expect(firstMessage(registerSchema.safeParse({ ...owner, email: 'not-an-email' }))).toBe(
      SERVER_MESSAGES.emailInvalid,
    );
  });
});
