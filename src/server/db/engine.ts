import { PostgresAdapter, type DialectAdapter } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

/** What engineOf needs of a Kysely instance or transaction, whatever its table types. */
interface WithAdapter {
  getExecutor(): { readonly adapter: DialectAdapter };
}

/**
 * The engine behind a Kysely instance or transaction, read from its adapter: code that only holds `db`
 * (repositories, migrations) picks engine-specific SQL without the handle being threaded through.
 */
export function engineOf(db: WithAdapter): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
