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
 * Every committed write that could end or alter a signed-in session, seen where no code path can miss it:
 * in the database driver (docs/decisions/0025-session-cache.md). Listeners run after the write is
 * committed — after the statement, or after the COMMIT of the transaction that made it — and the write's
 * caller waits for them, so whatever they announce is out before the answer that follows the write.
 */
export interface AuthWrites {
  /** `listener` runs after each such write; answers the call that removes it. */
  subscribe(listener: () => Promise<void> | void): () => void;
}

interface AuthWriteSignal extends AuthWrites {
  emit(): Promise<void>;
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

function columnName(node: unknown): string | undefined {
  const column = node as { kind?: string; column?: { name?: string } };
  return column.kind === 'ColumnNode' ? column.column?.name : undefined;
}

// One signal per database per process: a second handle on the same database (a test's second instance)
// shares it, so a write through either reaches the caches of both.
const signals = new Map<string, AuthWriteSignal>();

export function authWriteSignalFor(databaseKey: string): AuthWriteSignal {
  let signal = signals.get(databaseKey);
  if (!signal) {
    const listeners = new Set<() => Promise<void> | void>();
    signal = {
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      async emit() {
        await Promise.all([...listeners].map((listener) => listener()));
      },
    };
    signals.set(databaseKey, signal);
  }
  return signal;
}

/** `dialect`, whose connections tell `signal` of every committed auth write. */
export function watchAuthWrites(dialect: Dialect, signal: AuthWriteSignal): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => new WatchedDriver(dialect.createDriver(), signal),
  };
}

/** A connection of the wrapped driver: knows its transaction and whether an auth write happened in it. */
class WatchedConnection implements DatabaseConnection {
  inTransaction = false;
  wroteAuth = false;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly signal: AuthWriteSignal,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(query);
    if (isAuthWrite(query)) {
      if (this.inTransaction) this.wroteAuth = true;
      else await this.signal.emit();
    }
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
    private readonly signal: AuthWriteSignal,
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
    watched.wroteAuth = false;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    await this.inner.commitTransaction(watched.inner);
    const wrote = watched.wroteAuth;
    watched.inTransaction = false;
    watched.wroteAuth = false;
    if (wrote) await this.signal.emit();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    watched.inTransaction = false;
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
