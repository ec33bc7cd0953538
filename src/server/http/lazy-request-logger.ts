import type { FastifyBaseLogger } from 'fastify';
import type { FastifyChildLoggerFactory } from 'fastify/types/logger';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Leveled = FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };

/**
 * Each request's logger (Fastify makes one per request, bound to its id) made only when the request first
 * logs at a level that is written. Making it costs a child logger and the redaction of its bindings on
 * every request, some 5 % of a signed-in read (docs/benchmarks.md#signed-in-reads), while at the production
 * level nearly no request logs anything. What is written is the same, from the same child.
 */
export const lazyRequestLogger: FastifyChildLoggerFactory = function (parent, bindings, options) {
  const logger = parent as Leveled;
  // A route with a level of its own gets its child at once (the parent's level is not its level), and so
  // does the silent logger of an app built without one (it has no levels to ask).
  if (options.level !== undefined || typeof logger.isLevelEnabled !== 'function')
    return logger.child(bindings, options);
  return new LazyLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
};

type ChildArgs = Parameters<FastifyBaseLogger['child']>;

/** A class, not an object of closures: one small object per request, its methods shared (a hot path). */
class LazyLogger {
  #child: Leveled | undefined;

  constructor(
    private readonly parent: Leveled,
    private readonly bindings: ChildArgs[0],
    private readonly options: ChildArgs[1],
  ) {}

  private real(): Leveled {
    return (this.#child ??= this.parent.child(this.bindings, this.options) as Leveled);
  }

  private write(level: Level, args: unknown[]): void {
    if (this.isLevelEnabled(level)) (this.real()[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return (this.#child ?? this.parent).level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  isLevelEnabled(level: string): boolean {
    return (this.#child ?? this.parent).isLevelEnabled!(level);
  }

  child(...args: ChildArgs): FastifyBaseLogger {
    return this.real().child(...args);
  }

  silent(): void {}

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
}
