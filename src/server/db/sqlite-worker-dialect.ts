import type { Worker } from 'node:worker_threads';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { startSqliteThread } from './sqlite-thread';

/**
 * Runs the statements it is sent, as Kysely's SQLite driver would on the event loop; binary values cross
 * the thread boundary as Uint8Array and go back to Buffer on each side.
 */
const THREAD_BODY = `
const statements = new Map();
const asBuffer = (v) => (v instanceof Uint8Array && !Buffer.isBuffer(v) ? Buffer.from(v.buffer, v.byteOffset, v.byteLength) : v);
parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    const values = parameters.map(asBuffer);
    if (statement.reader) parentPort.postMessage({ id, rows: statement.all(values) });
    else {
      const { changes, lastInsertRowid } = statement.run(values);
      parentPort.postMessage({ id, rows: [], changes, lastInsertRowid });
    }
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error.message, code: error.code } });
  }
});
`;

interface Answer {
  id: number;
  rows?: Record<string, unknown>[];
  changes?: number;
  lastInsertRowid?: number | bigint;
  error?: { message: string; code?: string };
}

const toBuffers = (row: Record<string, unknown>) => {
  for (const [key, value] of Object.entries(row))
    if (value instanceof Uint8Array && !Buffer.isBuffer(value))
      row[key] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  return row;
};

/** One connection, in a worker thread: Kysely's statements go over as messages and their rows come back. */
class WorkerConnection implements DatabaseConnection {
  private nextId = 0;
  private readonly pending = new Map<number, (answer: Answer) => void>();

  constructor(private readonly worker: Worker) {
    worker.on('message', (answer: Answer) => {
      const settle = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      settle?.(answer);
    });
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', () => this.failAll(new Error('The database worker thread ended.')));
  }

  private failAll(error: Error) {
    for (const settle of this.pending.values()) settle({ id: -1, error: { message: error.message } });
    this.pending.clear();
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const id = this.nextId++;
    const answer = await new Promise<Answer>((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ id, sql: query.sql, parameters: query.parameters });
    });
    if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
    if (answer.changes === undefined) return { rows: (answer.rows ?? []).map(toBuffers) as R[] };
    return {
      rows: [],
      numAffectedRows: BigInt(answer.changes),
      insertId: answer.lastInsertRowid === undefined ? undefined : BigInt(answer.lastInsertRowid),
    };
  }

  // eslint-disable-next-line require-yield -- no job here streams; Kysely's interface asks for the method
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not offered by the worker-thread SQLite connection.');
  }
}

/**
 * Holds this process's own connection until the returned function is called: while it is held, this
 * process's statements wait as promises, off the event loop.
 */
export type HoldMainConnection = () => Promise<() => void>;

class WorkerDriver implements Driver {
  private worker?: Worker;
  private connection?: WorkerConnection;
  private busy: Promise<void> = Promise.resolve();
  private releaseMain = () => {};

  constructor(
    private readonly file: string,
    private readonly holdMain: HoldMainConnection | undefined,
  ) {}

  async init() {
    this.worker = startSqliteThread(this.file, THREAD_BODY);
    this.connection = new WorkerConnection(this.worker);
  }

  /** One connection: a second caller waits for the first to release it, as with Kysely's own driver. */
  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.busy;
    this.busy = new Promise((resolve) => (release = resolve));
    await previous;
    this.release = release;
    return this.connection!;
  }

  private release = () => {};

  async releaseConnection() {
    this.release();
  }

  /**
   * Each statement of a transaction here is a message answered on the event loop. A write of this process
   * that met the transaction's lock would wait in SQLite's busy handler, holding the loop, and so the very
   * statements that would end the transaction: it failed after busy_timeout with SQLITE_BUSY, and writes
   * of the polling jobs, one after another, kept the loop held for a minute. So this process's own
   * connection is held for the transaction's length, and its statements wait as promises instead.
   */
  async beginTransaction(connection: DatabaseConnection) {
    this.releaseMain = (await this.holdMain?.()) ?? (() => {});
    try {
      // IMMEDIATE takes the write lock at once, so the transaction never fails half-way on a lock upgrade.
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    } catch (error) {
      this.endTransaction();
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection) {
    // A failed COMMIT is followed by Kysely's rollback, which lets the main connection go.
    await connection.executeQuery(CompiledQuery.raw('commit'));
    this.endTransaction();
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    try {
      await connection.executeQuery(CompiledQuery.raw('rollback'));
    } finally {
      this.endTransaction();
    }
  }

  private endTransaction() {
    this.releaseMain();
    this.releaseMain = () => {};
  }

  async destroy() {
    this.endTransaction();
    await this.worker?.terminate();
  }
}

/**
 * Kysely over a SQLite connection that lives in a worker thread: every statement, trigger and COMMIT runs
 * there, so none of it holds the event loop. The same queries as on the main connection (same compiler,
 * same adapter); only where they run differs.
 */
export function sqliteWorkerDialect(file: string, holdMain?: HoldMainConnection): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new WorkerDriver(file, holdMain),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
