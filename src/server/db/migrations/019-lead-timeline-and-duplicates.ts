import { sql, type Kysely } from 'kysely';

/**
 * A lead's timeline and its possible duplicates (docs/product/leads.md#timeline,
 * docs/product/leads.md#duplicates).
 *
 * `leads.origin`: where the lead came from (one of LEAD_ORIGINS); null for leads written before this
 * migration, whose origin nobody recorded. `leads.created_by`: who added it (null for the contact form, an
 * erased account, or an older lead).
 *
 * `leads.phone_key` and `leads.name_key`: what finds the same person twice. The phone's last ten digits
 * (a number with fewer than seven is no key); the name and company folded (case, accents, punctuation and
 * a company's legal suffix ignored), empty without a company. Each is indexed per workspace with the
 * e-mail's existing index. Filled here for older leads with the same rules as the application's, frozen in
 * this file so this migration means tomorrow what it means today.
 *
 * `lead_events`: what happened to a lead, by whom and when (status and owner changes, notes, follow-ups,
 * contact-form messages, merges). The actor's username is kept beside the reference so an erased account's
 * entries still read as they did. A merge moves the other lead's events here.
 *
 * `mail_outbox_recipient_idx`: the mails sent to a lead's address, for its timeline.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('leads').addColumn('origin', 'text').execute();
  await db.schema
    .alterTable('leads')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('leads')
    .addColumn('phone_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('leads')
    .addColumn('name_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await backfillKeys(db);

  for (const column of ['phone_key', 'name_key'] as const)
    await db.schema
      .createIndex(`leads_workspace_${column}_idx`)
      .on('leads')
      .columns(['workspace_id', column])
      .where(sql.ref(column), '<>', '')
      .execute();
  // The created_by side of its foreign key (erasing an account sets it null).
  await db.schema
    .createIndex('leads_created_by_idx')
    .on('leads')
    .column('created_by')
    .where(sql.ref('created_by'), 'is not', null)
    .execute();

  await db.schema
    .createTable('lead_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('lead_id', 'text', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_name', 'text', (c) => c.notNull().defaultTo(''))
    /** JSON: the kind's details (LeadEventData). */
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('lead_events_lead_idx')
    .on('lead_events')
    .columns(['lead_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('lead_events_actor_idx')
    .on('lead_events')
    .column('actor_id')
    .where(sql.ref('actor_id'), 'is not', null)
    .execute();

  await sql`create index mail_outbox_recipient_idx on mail_outbox (workspace_id, lower(to_address))`.execute(
    db,
  );
}

const BATCH = 500;

/** Fills the keys of every existing lead, a batch at a time, in id order. */
async function backfillKeys(db: Kysely<unknown>): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; phone: string; name: string; company: string }>`
      select id, phone, name, company from leads where id > ${after} order by id limit ${BATCH}`.execute(db);
    if (rows.length === 0) return;
    const keyed = rows
      .map((row) => ({ id: row.id, phone: phoneKey(row.phone), name: nameKey(row.name, row.company) }))
      .filter((row) => row.phone !== '' || row.name !== '');
    if (keyed.length > 0) {
      const values = sql.join(keyed.map((row) => sql`(${row.id}, ${row.phone}, ${row.name})`));
      await sql`
        with keyed (id, phone_key, name_key) as (values ${values})
        update leads set
          phone_key = (select keyed.phone_key from keyed where keyed.id = leads.id),
          name_key = (select keyed.name_key from keyed where keyed.id = leads.id)
        where id in (select id from keyed)`.execute(db);
    }
    after = rows[rows.length - 1]!.id;
  }
}

/* Frozen copies of src/shared/lead-duplicates.ts as it was when this migration was written. */

function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length < 7 ? '' : digits.slice(-10);
}

const LEGAL_SUFFIX =
  /\s(inc|incorporated|llc|llp|ltd|limited|plc|gmbh|ag|sa|sas|sarl|srl|spa|bv|nv|oy|ab|as|aps|pty|co|corp|corporation|company)$/;

function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function nameKey(name: string, company: string): string {
  const person = fold(name);
  const firm = fold(company).replace(LEGAL_SUFFIX, '').trim();
  return person === '' || firm === '' ? '' : `${person}|${firm}`;
}
