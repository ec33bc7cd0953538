import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/**
 * The committed writes of this process's handles on one database, seen where no code path can miss them:
 * in the database driver, after the statement or after the COMMIT of the transaction that made them.
 */
export interface CommittedWrites {
  /**
   * `listener` runs after each write that could end or alter a signed-in session
   * (docs/decisions/0025-session-cache.md), and the write's caller waits for it, so whatever it announces is
   * out before the answer that follows the write. Answers the call that removes it.
   */
  onAuthWrite(listener: () => Promise<void> | void): () => void;
  /**
   * A number that moves after every committed write of any kind: what was read while it stood still is
   * still what the database holds, as far as this process's writes go (the public content version's memo).
   */
  count(): number;
}

interface WriteSignal extends CommittedWrites {
  emitAuthWrite(): Promise<void>;
  noteWrite(): void;
}

/** A write to the rows a session read is made of; a deleted workspace cascades into its users' rows. */
const AUTH_WRITES = [
  /^\s*update\s+"?(users|sessions)"?\s/i,
  /^\s*delete\s+from\s+"?(users|sessions|workspaces)"?(\s|$)/i,
  /^\s*insert\s+into\s+"?(users|sessions)"?[\s(][\s\S]*\bon\s+conflict\b[\s\S]*\bdo\s+update\b/i,
];

/**
 * The two touches a signed-in request makes now and then ("last seen", "last active", at most every few
 * minutes): they change nothing a session is judged by, and the cache keeps its own copy of both.
 */
const TOUCH_COLUMNS = new Set(['last_seen_at', 'last_active_at']);

/** Whether `query` writes a users or sessions row (or deletes a workspace) in a way a session read would see. */
export function isAuthWrite(query: CompiledQuery): boolean {
  if (!AUTH_WRITES.some((write) => write.test(query.sql))) return false;
  const node = query.query as { kind: string; updates?: readonly { column: unknown }[] };
  if (node.kind === 'UpdateQueryNode' && node.updates?.length) {
    const columns = node.updates.map((update) => columnName(update.column));
    if (columns.every((column) => column !== undefined && TOUCH_COLUMNS.has(column))) return false;
  }
  return true;
}

/**
 * Whether `query` only reads. A raw statement is a read only when it plainly is one: anything else counts
 * as a write, since a write counted for nothing costs a re-read and a write missed a stale answer.
 */
export function isRead(query: CompiledQuery): boolean {
  const { kind } = query.query as { kind: string };
  if (kind === 'SelectQueryNode') return true;
  if (kind !== 'RawNode') return false;
  return /^\s*(select|with)\b/i.test(query.sql) && !/\b(insert|update|delete|replace)\b/i.test(query.sql);
}

function columnName(node: unknown): string | undefined {
  const column = node as { kind?: string; column?: { name?: string } };
  return column.kind === 'ColumnNode' ? column.column?.name : undefined;
}

// One signal per database per process: a second handle on the same database (a test's second instance)
// shares it, so a write through either reaches the caches of both.
const signals = new Map<string, WriteSignal>();

export function writeSignalFor(databaseKey: string): WriteSignal {
  let signal = signals.get(databaseKey);
  if (!signal) {
    const listeners = new Set<() => Promise<void> | void>();
    let writes = 0;
    signal = {
      onAuthWrite(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      async emitAuthWrite() {
        await Promise.all([...listeners].map((listener) => listener()));
      },
      count: () => writes,
      noteWrite() {
        writes += 1;
      },
    };
    signals.set(databaseKey, signal);
  }
  return signal;
}

/** `dialect`, whose connections tell `signal` of every committed write. */
export function watchWrites(dialect: Dialect, signal: WriteSignal): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => new WatchedDriver(dialect.createDriver(), signal),
  };
}

/** A connection of the wrapped driver: knows its transaction and what it wrote in it. */
class WatchedConnection implements DatabaseConnection {
  inTransaction = false;
  wrote = false;
  wroteAuth = false;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly signal: WriteSignal,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(query);
    if (isRead(query)) return result;
    if (this.inTransaction) {
      this.wrote = true;
      if (isAuthWrite(query)) this.wroteAuth = true;
      return result;
    }
    this.signal.noteWrite();
    if (isAuthWrite(query)) await this.signal.emitAuthWrite();
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class WatchedDriver implements Driver {
  private readonly wrapped = new WeakMap<DatabaseConnection, WatchedConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly signal: WriteSignal,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let watched = this.wrapped.get(connection);
    if (!watched) {
      watched = new WatchedConnection(connection, this.signal);
      this.wrapped.set(connection, watched);
    }
    return watched;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const watched = connection as WatchedConnection;
    await this.inner.beginTransaction(watched.inner, settings);
    watched.inTransaction = true;
    watched.wrote = false;
    watched.wroteAuth = false;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    await this.inner.commitTransaction(watched.inner);
    const { wrote, wroteAuth } = watched;
    watched.inTransaction = false;
    watched.wrote = false;
    watched.wroteAuth = false;
    if (wrote) this.signal.noteWrite();
    if (wroteAuth) await this.signal.emitAuthWrite();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    watched.inTransaction = false;
    watched.wrote = false;
    watched.wroteAuth = false;
    await this.inner.rollbackTransaction(watched.inner);
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.savepoint!((connection as WatchedConnection).inner, name, compile);
  }

  // A write undone back to a savepoint still counts: announcing a write that did not happen costs only a
  // cache refill, while missing one would leave a session that should have ended.
  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.rollbackToSavepoint!((connection as WatchedConnection).inner, name, compile);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.releaseSavepoint!((connection as WatchedConnection).inner, name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as WatchedConnection).inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
