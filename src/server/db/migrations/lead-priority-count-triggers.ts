import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine';

/**
 * Triggers keeping `lead_priority_counts` (migration 005) in the same transaction as every write, built
 * like those of `lead_status_counts` in 004. On PostgreSQL their names sort after 004's, so a statement
 * takes its status counter rows before its priority ones, the order lockLeadCounters takes them in.
 */
export async function leadPriorityCountTriggers(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const increment = (alias: string) => `
    insert into lead_priority_counts (workspace_id, priority, status, n)
      values (${alias}.workspace_id, ${alias}.priority, ${alias}.status, 1)
      on conflict (workspace_id, priority, status) do update set n = n + 1;`;
  const decrement = (alias: string) => `
    update lead_priority_counts set n = n - 1
      where workspace_id = ${alias}.workspace_id and priority = ${alias}.priority and status = ${alias}.status;`;
  await sql
    .raw(`create trigger leads_priority_count_insert after insert on leads begin ${increment('new')} end`)
    .execute(db);
  await sql
    .raw(`create trigger leads_priority_count_delete after delete on leads begin ${decrement('old')} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger leads_priority_count_update after update of priority, status, workspace_id on leads
        when old.priority is not new.priority or old.status is not new.status
          or old.workspace_id is not new.workspace_id
        begin ${decrement('old')} ${increment('new')} end`,
    )
    .execute(db);
}

/** Statement triggers over transition tables; counter rows are touched in key order (no deadlocks). */
async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  const apply = (deltas: string) => `
    insert into lead_priority_counts (workspace_id, priority, status, n)
      select workspace_id, priority, status, sum(delta) from (${deltas}) d
      group by workspace_id, priority, status having sum(delta) <> 0
      order by workspace_id, priority, status
      on conflict (workspace_id, priority, status) do update set n = lead_priority_counts.n + excluded.n;`;
  const plus = 'select workspace_id, priority, status, 1 as delta from new_rows';
  const minus = 'select workspace_id, priority, status, -1 as delta from old_rows';
  const functions = {
    leads_priority_count_insert: apply(plus),
    leads_priority_count_update: apply(`${plus} union all ${minus}`),
    // Deleting never creates a row: a cascade from a deleted workspace must not insert for it.
    leads_priority_count_delete: `
      update lead_priority_counts c set n = c.n - d.n
        from (select workspace_id, priority, status, count(*) as n from old_rows
              group by workspace_id, priority, status) d
        where c.workspace_id = d.workspace_id and c.priority = d.priority and c.status = d.status;`,
  };
  for (const [name, body] of Object.entries(functions)) {
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`,
      )
      .execute(db);
  }
  const tables = {
    insert: 'new table as new_rows',
    update: 'old table as old_rows new table as new_rows',
    delete: 'old table as old_rows',
  };
  for (const [event, referencing] of Object.entries(tables)) {
    await sql
      .raw(
        `create trigger leads_priority_count_${event} after ${event} on leads referencing ${referencing}
          for each statement execute function leads_priority_count_${event}()`,
      )
      .execute(db);
  }
}
