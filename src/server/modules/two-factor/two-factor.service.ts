import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { SecretBox } from '../../secrets/secret-box';
import type { Limiter } from '../../limits/limiter';
import type {
  RecoveryCodesAnswer,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../../../shared/schemas/two-factor';
import { TWO_FACTOR_MESSAGES } from '../../../shared/messages';
import { TWO_FACTOR_ACTIVITY } from '../../../shared/two-factor';
import { badRequest, conflict } from '../../http/errors';
import { tooMany } from '../../limits/per-address';
import { recordActivity } from '../activity/activity.service';
import { endSessions } from '../sessions/sessions.service';
import { acceptedStep, newTotpSecret, otpauthUrl } from './totp';
import { isRecoveryCodeShape, makeRecoveryCodes, recoveryCodeKeys } from './recovery-codes';
import {
  claimStep,
  consumeRecoveryCode,
  enableTwoFactor,
  findTwoFactor,
  removeTwoFactor,
  replaceRecoveryCodes,
  savePendingSecret,
  unusedRecoveryCodes,
  workspaceRequiresTwoFactor,
} from './two-factor.repository';
import { loadModule } from '../../lib/load-module';

/** What other modules use of two-factor (sign-in, sign-up, joining a workspace). */
export { hasTwoFactor, removeTwoFactor, workspaceRequiresTwoFactor } from './two-factor.repository';

/** Who a two-factor action is about: the columns of a session user it needs. */
export interface TwoFactorAccount {
  id: string;
  workspace_id: string;
  username: string;
  email: string;
}

export interface TwoFactorDeps {
  db: Kysely<Database>;
  /** Seals the TOTP secrets at rest with SECRET_KEY (AES-256-GCM), like SMTP passwords. */
  box: SecretBox;
  /** Wrong codes per account, whatever the address: a password alone cannot brute-force the codes. */
  throttle: Limiter;
  clock: () => Date;
}

const codeError = (message: string) => badRequest(message, [{ field: 'code', message }]);
const waitMessage = (seconds: number) => TWO_FACTOR_MESSAGES.tooManyCodes(Math.ceil(seconds / 60));

/** Answers how a proven code was given: by the app, or by a recovery code (with how many are left). */
export type CodeProof = { via: 'app' } | { via: 'recovery'; left: number };

export function createTwoFactorService({ db, box, throttle, clock }: TwoFactorDeps) {
  const now = () => clock().toISOString();
  // Recovery codes are stored as HMACs under a key of their own, derived from SECRET_KEY (docs/product/auth.md#two-factor-sign-in).
  const codeKeys = recoveryCodeKeys(box);

  /**
   * Checks a code from the app or a recovery code for an account with 2FA on, counting wrong ones against
   * the account's limit (429 past it). A code's 30-second step is used once; a recovery code once.
   */
  async function proveCode(account: TwoFactorAccount, code: string): Promise<CodeProof> {
    const wait = await throttle.take(account.id);
    if (wait > 0) throw tooMany(wait, waitMessage);
    const row = await findTwoFactor(db, account.id);
    if (!row?.secret_sealed) throw badRequest(TWO_FACTOR_MESSAGES.notEnabled);
    if (isRecoveryCodeShape(code)) {
      if (!(await consumeRecoveryCode(db, account.id, code, now(), codeKeys)))
        throw codeError(TWO_FACTOR_MESSAGES.recoveryCodeInvalid);
      await throttle.clear(account.id);
      return { via: 'recovery', left: await unusedRecoveryCodes(db, account.id) };
    }
    const step = acceptedStep(box.open(row.secret_sealed), code, clock());
    if (step === null || !(await claimStep(db, account.id, step)))
      throw codeError(TWO_FACTOR_MESSAGES.codeInvalid);
    await throttle.clear(account.id);
    return { via: 'app' };
  }

  async function newRecoveryCodes(userId: string): Promise<string[]> {
    const codes = makeRecoveryCodes();
    await replaceRecoveryCodes(db, userId, codes, now(), codeKeys);
    return codes;
  }

  return {
    proveCode,

    async status(account: TwoFactorAccount): Promise<TwoFactorStatus> {
      const row = await findTwoFactor(db, account.id);
      const enabled = Boolean(row?.enabled_at);
      return {
        enabled,
        enabledAt: row?.enabled_at ?? null,
        recoveryCodesLeft: enabled ? await unusedRecoveryCodes(db, account.id) : 0,
        requiredByWorkspace: await workspaceRequiresTwoFactor(db, account.workspace_id),
      };
    },

    /** A new secret for the app; the factor is on only once a first code confirms it. */
    async beginSetup(account: TwoFactorAccount): Promise<TwoFactorSetup> {
      const row = await findTwoFactor(db, account.id);
      if (row?.enabled_at) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
      const secret = newTotpSecret();
      await savePendingSecret(db, account.id, box.seal(secret), now());
      const url = otpauthUrl(secret, account.email);
      const { default: QRCode } = await loadModule<{ default: typeof import('qrcode') }>('qrcode');
      const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return {
        secret,
        otpauthUrl: url,
        qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      };
    },

    /** The first code proves the app holds the secret: the factor is on and 10 recovery codes are made. */
    async confirmSetup(
      account: TwoFactorAccount,
      code: string,
      /** The session turning it on, which stays; every other session of the account ends (docs/product/auth.md#sessions-on-the-server). */
      keepSession: string | null = null,
    ): Promise<RecoveryCodesAnswer> {
      const wait = await throttle.take(account.id);
      if (wait > 0) throw tooMany(wait, waitMessage);
      const row = await findTwoFactor(db, account.id);
      if (row?.enabled_at) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
      if (!row?.pending_sealed) throw badRequest(TWO_FACTOR_MESSAGES.noSetupPending);
      const step = acceptedStep(box.open(row.pending_sealed), code, clock());
      if (step === null) throw codeError(TWO_FACTOR_MESSAGES.codeInvalid);
      await throttle.clear(account.id);
      const recoveryCodes = makeRecoveryCodes();
      await db.transaction().execute(async (trx) => {
        const at = now();
        const enabled = await enableTwoFactor(trx, account.id, {
          pendingSealed: row.pending_sealed!,
          step,
          at,
        });
        if (!enabled) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
        await endSessions(trx, account.id, clock(), keepSession ? { except: keepSession } : {});
        await replaceRecoveryCodes(trx, account.id, recoveryCodes, at, codeKeys);
        await recordActivity(trx, {
          workspaceId: account.workspace_id,
          userId: account.id,
          action: TWO_FACTOR_ACTIVITY.enabled(account.username),
          kind: 'two-factor',
        });
      });
      return { message: TWO_FACTOR_MESSAGES.enabled, recoveryCodes };
    },

    /** Turning it off takes a current code (a stolen session alone cannot), and not where it is required. */
    async disable(account: TwoFactorAccount, code: string, keepSession: string | null = null): Promise<void> {
      if (await workspaceRequiresTwoFactor(db, account.workspace_id))
        throw badRequest(TWO_FACTOR_MESSAGES.requiredByWorkspace);
      await proveCode(account, code);
      await db.transaction().execute(async (trx) => {
        await removeTwoFactor(trx, account.id);
        await endSessions(trx, account.id, clock(), keepSession ? { except: keepSession } : {});
        await recordActivity(trx, {
          workspaceId: account.workspace_id,
          userId: account.id,
          action: TWO_FACTOR_ACTIVITY.disabled(account.username),
          kind: 'two-factor',
        });
      });
    },

    async renewRecoveryCodes(account: TwoFactorAccount, code: string): Promise<RecoveryCodesAnswer> {
      await proveCode(account, code);
      const recoveryCodes = await newRecoveryCodes(account.id);
      await recordActivity(db, {
        workspaceId: account.workspace_id,
        userId: account.id,
        action: TWO_FACTOR_ACTIVITY.codesRenewed(account.username),
        kind: 'two-factor',
      });
      return { message: TWO_FACTOR_MESSAGES.recoveryCodesRenewed, recoveryCodes };
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
