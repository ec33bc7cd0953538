import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './db/types';
import { nowIso } from './db/rows';
import { hashPassword } from './auth/passwords';
import { emailDomain } from '../shared/text';
import { AGENCY_WORKSPACE_ID } from '../shared/workspace-deletion';
import {
  createAgencyWorkspace,
  ownableDomain,
  workspaceExists,
} from './modules/workspaces/workspaces.service';
import { insertUser, newUserRow } from './modules/users/users.service';
import { recordActivity } from './modules/activity/activity.service';
import { insertSampleLeads } from './modules/leads/leads.service';

export interface SeedOptions {
  siteName: string;
  adminEmail?: string;
  adminPassword?: string;
  /** PASSWORD_HASH_COST for the first Admin's hash. */
  passwordHashCost?: number;
}

export interface SeedResult {
  created: boolean;
  adminEmail: string;
  /** Only when the password was generated here: shown once, never stored in clear. */
  generatedPassword?: string;
}

/**
 * On an empty database: the agency workspace and its first Admin. A no-op afterwards. Like app.ts, it
 * composes modules (workspaces, users, activity, leads), so it sits beside app.ts rather than in db/.
 */
export async function seedDatabase(db: Kysely<Database>, options: SeedOptions): Promise<SeedResult> {
  const adminEmail = (options.adminEmail ?? 'admin@localhost').toLowerCase();
  if (await workspaceExists(db, AGENCY_WORKSPACE_ID)) return { created: false, adminEmail };

  const generatedPassword = options.adminPassword ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(
    options.adminPassword ?? generatedPassword!,
    options.passwordHashCost,
  );
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const inserted = await createAgencyWorkspace(
      trx,
      {
        id: AGENCY_WORKSPACE_ID,
        name: options.siteName,
        domain: ownableDomain(emailDomain(adminEmail)),
        kind: 'agency',
      },
      now,
    );
    // Another instance seeded first: its admin stands.
    if (!inserted) return { created: false, adminEmail };
    const admin = newUserRow({
      workspaceId: AGENCY_WORKSPACE_ID,
      username: 'admin',
      name: 'Administrator',
      email: adminEmail,
      passwordHash,
      role: 'Admin',
      status: 'Active',
      at: now,
      lastActiveAt: null,
      // The operator named this address: the first Admin is confirmed (docs/product/auth.md#proven-addresses).
      emailConfirmedAt: now,
    });
    await insertUser(trx, admin);
    await recordActivity(trx, {
      workspaceId: AGENCY_WORKSPACE_ID,
      userId: admin.id,
      action: 'Workspace created',
    });
    await insertSampleLeads(trx, AGENCY_WORKSPACE_ID, new Date(now), admin.id);
    return { created: true, adminEmail, generatedPassword };
  });
}
