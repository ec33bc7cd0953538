import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './types';
import { nowIso } from './rows';
import { hashPassword } from '../auth/passwords';
import { emailDomain } from '../../shared/text';
import { AGENCY_WORKSPACE_ID, ownableDomain } from '../modules/workspaces/workspaces.repository';
import { recordActivity } from '../modules/activity/activity.service';
import { insertSampleLeads } from '../modules/leads/sample-leads';

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

/** On an empty database: the agency workspace and its first Admin. A no-op afterwards. */
export async function seedDatabase(db: Kysely<Database>, options: SeedOptions): Promise<SeedResult> {
  const adminEmail = (options.adminEmail ?? 'admin@localhost').toLowerCase();
  const existing = await db
    .selectFrom('workspaces')
    .select('id')
    .where('id', '=', AGENCY_WORKSPACE_ID)
    .executeTakeFirst();
  if (existing) return { created: false, adminEmail };

  const generatedPassword = options.adminPassword ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(
    options.adminPassword ?? generatedPassword!,
    options.passwordHashCost,
  );
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('workspaces')
      .values({
        id: AGENCY_WORKSPACE_ID,
        name: options.siteName,
        domain: ownableDomain(emailDomain(adminEmail)),
        kind: 'agency',
        description: '',
        type: 'Business',
        plan: 'Free',
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    // Another instance seeded first: its admin stands.
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return { created: false, adminEmail };
    const adminId = randomUUID();
    await trx
      .insertInto('users')
      .values({
        id: adminId,
        workspace_id: AGENCY_WORKSPACE_ID,
        username: 'admin',
        name: 'Administrator',
        email: adminEmail,
        password_hash: passwordHash,
        role: 'Admin',
        status: 'Active',
        permissions: '{}',
        access: '[]',
        phone: '',
        location: '',
        profile_image: '',
        created_at: now,
        updated_at: now,
        last_active_at: null,
        // The operator named this address: the first Admin is confirmed (docs/product/auth.md#proven-addresses).
        email_confirmed_at: now,
      })
      .execute();
    await recordActivity(trx, {
      workspaceId: AGENCY_WORKSPACE_ID,
      userId: adminId,
      action: 'Workspace created',
    });
    await insertSampleLeads(trx, AGENCY_WORKSPACE_ID, new Date(now));
    return { created: true, adminEmail, generatedPassword };
  });
}
