import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { engineOf } from '../../db/engine';

type Db = Kysely<Database> | Transaction<Database>;

const n = (value: unknown) => Number(value ?? 0);

/** Creation times from `from` (inclusive) to `to` (exclusive), ISO-8601 UTC. */
export interface CreatedBetween {
  from: string;
  to: string;
}

const CONVERTED = 'Converted';

/** Contact-form leads only: written as a literal, so both engines use the partial indexes of migration 023. */
const FROM_THE_FORM = sql<boolean>`origin = 'form'`;

/**
 * The contact-form leads of a range (docs/product/analytics.md#conversion-tracking), one row per person (e-mail
 * address) and visit source and campaign: the messages, whether one of them is Converted, and their value.
 * Read from one partial index; the funnels are counted from these rows.
 */
export async function formLeadPeople(db: Db, workspaceId: string, range: CreatedBetween) {
  const rows = await db
    .selectFrom('leads')
    .where('workspace_id', '=', workspaceId)
    .where(FROM_THE_FORM)
    .where('created_at', '>=', range.from)
    .where('created_at', '<', range.to)
    .select([
      'attribution_source',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'email_lower',
      (eb) => eb.fn.countAll<string | number>().as('messages'),
      sql<string | number>`max(case when status = ${CONVERTED} then 1 else 0 end)`.as('converted'),
      sql<string | number | null>`sum(case when status = ${CONVERTED} then value end)`.as('revenue'),
    ])
    .groupBy(['attribution_source', 'utm_source', 'utm_medium', 'utm_campaign', 'email_lower'])
    .execute();
  return rows.map((row) => ({
    source: row.attribution_source ?? '',
    campaign: {
      source: row.utm_source ?? '',
      medium: row.utm_medium ?? '',
      campaign: row.utm_campaign ?? '',
    },
    person: row.email_lower,
    messages: n(row.messages),
    converted: n(row.converted) > 0,
    revenue: n(row.revenue),
  }));
}

/**
 * Every lead created in the range, whatever its origin, by its attribution (a contact-form lead's visit
 * source, any other lead's own source): how many, how many Converted, their value, and the days from
 * creation to conversion summed over those whose conversion time is known.
 */
export async function leadSourceFigures(db: Db, workspaceId: string, range: CreatedBetween) {
  const days =
    engineOf(db) === 'postgres'
      ? sql`extract(epoch from (converted_at::timestamptz - created_at::timestamptz)) / 86400.0`
      : sql`julianday(converted_at) - julianday(created_at)`;
  const rows = await db
    .selectFrom('leads')
    .where('workspace_id', '=', workspaceId)
    .where('created_at', '>=', range.from)
    .where('created_at', '<', range.to)
    .select([
      'attribution_source',
      (eb) => eb.fn.countAll<string | number>().as('leads'),
      sql<string | number>`count(case when status = ${CONVERTED} then 1 end)`.as('converted'),
      sql<string | number | null>`sum(case when status = ${CONVERTED} then value end)`.as('revenue'),
      sql<
        string | number | null
      >`sum(case when status = ${CONVERTED} and converted_at is not null then ${days} end)`.as('days'),
      sql<string | number>`count(case when status = ${CONVERTED} and converted_at is not null then 1 end)`.as(
        'dated',
      ),
    ])
    .groupBy('attribution_source')
    .execute();
  return rows.map((row) => ({
    source: row.attribution_source ?? '',
    leads: n(row.leads),
    converted: n(row.converted),
    revenue: n(row.revenue),
    daysToConvert: n(row.days),
    datedConversions: n(row.dated),
  }));
}

/**
 * The contact-form leads of each of `campaigns` since it began (people, by e-mail address): what its spend is
 * divided by. One seek of the campaign index per campaign.
 */
export function campaignLeadsAllTime(
  db: Db,
  workspaceId: string,
  campaigns: { source: string; medium: string; campaign: string }[],
): Promise<number[]> {
  // Leads keep null for a parameter the visit did not have; the roll-ups ''.
  const value = (column: 'utm_source' | 'utm_medium' | 'utm_campaign', text: string) =>
    text === '' ? sql<boolean>`${sql.ref(column)} is null` : sql<boolean>`${sql.ref(column)} = ${text}`;
  return Promise.all(
    campaigns.map(async (c) => {
      const row = await db
        .selectFrom('leads')
        .where('workspace_id', '=', workspaceId)
        .where(FROM_THE_FORM)
        .where(value('utm_source', c.source))
        .where(value('utm_medium', c.medium))
        .where(value('utm_campaign', c.campaign))
        .select(sql<string | number>`count(distinct email_lower)`.as('leads'))
        .executeTakeFirst();
      return n(row?.leads);
    }),
  );
}
