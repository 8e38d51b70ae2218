import type { Logger } from '../lib/logger';
import { pgCode } from '../lib/pg-errors';

/**
 * What the process does with a promise rejection nobody handled. Node's default ends the
 * process; for a server that is a full outage (every open request, every WebSocket) caused
 * by one lost query, and the supervisor's restart fixes nothing a reconnect would not.
 * So it is logged with what is known and the server goes on, unless the error is one
 * known to leave the process broken: then it exits and the supervisor starts it afresh.
 */
export function isFatal(reason: unknown): boolean {
  // The embedded database (PGlite, WebAssembly) aborted: every later query would fail.
  if (typeof WebAssembly !== 'undefined' && reason instanceof WebAssembly.RuntimeError) return true;
  // Out of memory in a buffer or string allocation: the heap is in doubt.
  if (
    reason instanceof RangeError &&
    /allocation failed|Array buffer allocation/i.test(reason.message)
  )
    return true;
  return false;
}

/** Installs the policy; `exit` is process.exit (a parameter for the tests). */
export function handleUnhandledRejections(
  logger: Logger,
  role: 'server' | 'runner',
  exit: (code: number) => void = (code) => process.exit(code),
) {
  const onRejection = (reason: unknown) => {
    const fatal = isFatal(reason);
    logger.error(
      {
        err: reason,
        role,
        pgCode: pgCode(reason),
        code: (reason as { code?: unknown } | null)?.code,
        fatal,
      },
      fatal
        ? 'unhandled promise rejection that leaves the process broken: exiting for a restart'
        : 'unhandled promise rejection (logged; the process goes on)',
    );
    if (fatal) exit(1);
  };
  process.on('unhandledRejection', onRejection);
  return () => process.off('unhandledRejection', onRejection);
}

/**
 * The database cannot be reached right now (a dropped or refused connection, the server
 * shutting down or starting): the request may succeed in a moment, so it is answered 503
 * with Retry-After, not 500.
 */
const CONNECTION_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    if (CONNECTION_CODES.has(code)) return true;
    // Class 08 (connection exception), admin shutdown, crash shutdown, cannot connect now.
    if (/^08/.test(code) || code === '57P01' || code === '57P02' || code === '57P03') return true;
  }
  return false;
}
