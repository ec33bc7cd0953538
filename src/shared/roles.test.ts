import { describe, expect, it } from 'vitest';
import {
  MODULE_KEYS,
  ROLES,
  hasPermission,
  isDashboardRestricted,
  pathAfterLogin,
  pathAfterSignup,
  ROLE_FOR_USER_TYPE,
} from './roles';

describe('hasPermission (docs/product/roles-and-access.md#permission-check, in order)', () => {
  it('is false without a user or a role', () => {
    expect(hasPermission(null, 'dashboard')).toBe(false);
    expect(hasPermission({ role: '' }, 'dashboard')).toBe(false);
  });
  it('is true for Admin on every module, even against its own map', () => {
    for (const key of MODULE_KEYS)
      expect(hasPermission({ role: 'Admin', permissions: { [key]: false } }, key)).toBe(true);
  });
  it('is false for User on every module, even with a granted entry', () => {
    for (const key of MODULE_KEYS)
      expect(hasPermission({ role: 'User', permissions: { [key]: true } }, key)).toBe(false);
  });
  it("uses the user's own entry before the role default", () => {
    expect(hasPermission({ role: 'Web Developer', permissions: { projects: false } }, 'projects')).toBe(
      false,
    );
    expect(hasPermission({ role: 'Team Member', permissions: { dataCenter: true } }, 'dataCenter')).toBe(
      true,
    );
  });
  it('falls back to the role default, then false', () => {
    expect(hasPermission({ role: 'Web Developer', permissions: {} }, 'projects')).toBe(true);
    expect(hasPermission({ role: 'Web Developer' }, 'hrManagement')).toBe(false);
    expect(hasPermission({ role: 'Team Member' }, 'dashboard')).toBe(false);
    expect(hasPermission({ role: 'Unknown Role' }, 'dashboard')).toBe(false);
  });
  it('knows 14 roles and 11 modules', () => {
    expect(ROLES).toHaveLength(14);
    expect(MODULE_KEYS).toHaveLength(11);
  });
});

describe('dashboard access and redirects (docs/product/roles-and-access.md#dashboard-access)', () => {
  it('restricts Team Member and a missing user or role', () => {
    expect(isDashboardRestricted({ role: 'Team Member' })).toBe(true);
    expect(isDashboardRestricted(null)).toBe(true);
    expect(isDashboardRestricted({ role: null })).toBe(true);
    expect(isDashboardRestricted({ role: 'Freelancer' })).toBe(false);
    expect(isDashboardRestricted({ role: 'User' })).toBe(false);
  });
  it('sends User to /access-restricted after sign-in, anyone else to /dashboard', () => {
    expect(pathAfterLogin('User')).toBe('/access-restricted');
    expect(pathAfterLogin('Admin')).toBe('/dashboard');
    expect(pathAfterLogin('Team Member')).toBe('/dashboard');
  });
  it('sends owners and freelancers to /pricing after sign-up, team members to /access-restricted', () => {
    expect(pathAfterSignup('business-owner')).toBe('/pricing');
    expect(pathAfterSignup('freelancer')).toBe('/pricing');
    expect(pathAfterSignup('team-member')).toBe('/access-restricted');
  });
  it('maps sign-up types to roles', () => {
    expect(ROLE_FOR_USER_TYPE).toEqual({
      freelancer: 'Freelancer',
      'business-owner': 'Business Admin',
      'team-member': 'Team Member',
    });
  });
});
