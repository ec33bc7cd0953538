import type { LoggerOptions } from 'pino';

/** The error a response stream reports when the browser went away before it finished (end-of-stream). */
function isAbortError(value: unknown): boolean {
  return (
    value instanceof Error &&
    (value.message === 'premature close' ||
      (value as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE')
  );
}

/** Logged as the error itself, or as `{ err }` with a message. */
const isClientAbort = (arg: unknown) =>
  isAbortError(arg) ||
  (typeof arg === 'object' && arg !== null && isAbortError((arg as { err?: unknown }).err));

const ERROR_LEVEL = 50;

/**
 * Pino hook: a visitor navigating away while a compressed script or page was still streaming is routine
 * (browsers cancel preloads all the time), but @fastify/compress logs it as an error. Such entries are
 * logged at debug level instead, so the error log keeps meaning "something broke".
 */
export const quietClientAborts: NonNullable<LoggerOptions['hooks']>['logMethod'] = function (
  args,
  method,
  level,
) {
  if (level === ERROR_LEVEL && args.some(isClientAbort)) {
    this.debug(...(args as Parameters<typeof this.debug>));
    return;
  }
  method.apply(this, args);
};
