import { sql, type DatabaseIntrospector, type Kysely, type SchemaMetadata, type TableMetadata } from 'kysely';

/**
 * Kysely's migrator asks the introspector whether its bookkeeping tables exist, and PostgreSQL's lists the
 * tables of every schema in the database, calling has_schema_privilege on each: a schema dropped meanwhile
 * (another instance's, a parallel test suite's) fails that query with "schema ... does not exist", and a
 * schema this role may not use fails it on managed servers. The migrator only needs this schema's tables.
 */
class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(
    private readonly db: Kysely<unknown>,
    private readonly schema: string,
  ) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    return [{ name: this.schema }];
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; isView: boolean }>`
      select c.relname as name, c.relkind = 'v' as "isView"
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${this.schema} and c.relkind in ('r', 'v', 'p')
    `.execute(this.db);
    return rows.map((row) => ({ name: row.name, isView: row.isView, schema: this.schema, columns: [] }));
  }

  async getMetadata() {
    return { tables: await this.getTables() };
  }
}

/** `db` as the migrator should see it on PostgreSQL: every call its own, introspection limited to `schema`. */
export function withOwnSchemaIntrospection<DB>(db: Kysely<DB>, schema: string): Kysely<DB> {
  const introspection = new OwnSchemaIntrospector(db as Kysely<unknown>, schema);
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
