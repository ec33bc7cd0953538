import type { FastifyBaseLogger } from 'fastify';
import type { FastifyChildLoggerFactory } from 'fastify/types/logger';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
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
  let child: Leveled | undefined;
  const real = () => (child ??= logger.child(bindings, options) as Leveled);
  const enabled = (level: string) => (child ?? logger).isLevelEnabled!(level);
  const lazy: Record<string, unknown> = {
    get level() {
      return (child ?? logger).level;
    },
    set level(level: string) {
      real().level = level;
    },
    isLevelEnabled: enabled,
    child: (...args: Parameters<FastifyBaseLogger['child']>) => real().child(...args),
    silent: () => undefined,
  };
  for (const level of LEVELS)
    lazy[level] = (...args: unknown[]) => {
      if (enabled(level)) (real()[level] as (...a: unknown[]) => void)(...args);
    };
  return lazy as unknown as FastifyBaseLogger;
};
