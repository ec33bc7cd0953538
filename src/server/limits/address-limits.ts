import { ADDRESS_LIMITS, type AddressLimitName } from '../../shared/constants';
import type { Limiter } from './limiter';
import type { LimitStore } from './limit-store';

export type AddressLimiters = Record<AddressLimitName, Limiter>;

/**
 * The per-address limits of the routes that need no session (docs/decisions/0007-bounded-work.md), in the shared store. `multiplier`
 * raises them for load tests and the browser suites, which sign up hundreds of accounts from one address.
 */
export function addressLimiters(store: LimitStore, multiplier = 1): AddressLimiters {
  const limiter = (name: AddressLimitName) => {
    const spec = ADDRESS_LIMITS[name];
    return store.limiter({ ...spec, limit: spec.limit * multiplier });
  };
  return {
    signIn: limiter('signIn'),
    signUp: limiter('signUp'),
    domainCheck: limiter('domainCheck'),
    passwordReset: limiter('passwordReset'),
    workspaceRecovery: limiter('workspaceRecovery'),
  };
}
