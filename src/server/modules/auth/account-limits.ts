import { KNOWN_SIGN_IN_ADDRESS, LOGIN_ACCOUNT_BUDGET, SIGN_IN_ALERT_LIMIT } from '../../../shared/constants';
import type { BackoffLimiter } from '../../limits/backoff';
import type { Limiter } from '../../limits/limiter';
import type { LimitStore } from '../../limits/limit-store';

/** The sign-in limits kept per account rather than per address (docs/product/auth.md#failed-sign-ins), in the shared store. */
export interface AccountSignInLimits {
  /** Sign-in attempts per e-mail, whatever the address, with a growing wait (LOGIN_ACCOUNT_BUDGET). */
  budget: BackoffLimiter;
  /** `e-mail|address key` of the account's recent sign-ins: these skip the account's wait. */
  knownAddresses: Limiter;
  /** One alert to the owner per account a day (keyed by user id). */
  alerts: Limiter;
}

/**
 * `multiplier` raises the budget with the per-address limits (ADDRESS_LIMIT_MULTIPLIER: the test suites sign
 * in as one seeded account hundreds of times); `clock` is the app's, so tests move the waits with it.
 */
export function accountSignInLimits(
  store: LimitStore,
  options: { multiplier?: number; clock?: () => Date } = {},
): AccountSignInLimits {
  const { clock } = options;
  const now = clock && (() => clock().getTime());
  return {
    budget: store.backoff(
      { ...LOGIN_ACCOUNT_BUDGET, limit: LOGIN_ACCOUNT_BUDGET.limit * (options.multiplier ?? 1) },
      now,
    ),
    knownAddresses: store.limiter(KNOWN_SIGN_IN_ADDRESS, now),
    alerts: store.limiter(SIGN_IN_ALERT_LIMIT, now),
  };
}
