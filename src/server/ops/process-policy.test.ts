import { describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger';
import { handleUnhandledRejections, isDatabaseUnavailable, isFatal } from './process-policy';

describe('unhandled rejections', () => {
  it('are logged and the process goes on, unless the error leaves it broken', async () => {
    const exits: number[] = [];
    const lines: string[] = [];
    const logger = createLogger('error');
    logger.error = ((_obj: unknown, msg: string) => {
      lines.push(msg);
    }) as never;
    const remove = handleUnhandledRejections(logger, 'server', (code) => exits.push(code));
    try {
      process.emit(
        'unhandledRejection',
        Object.assign(new Error('x'), { code: 'ECONNRESET' }),
        Promise.resolve(),
      );
      expect(exits).toEqual([]);
      expect(lines[0]).toMatch(/the process goes on/);
      process.emit(
        'unhandledRejection',
        new WebAssembly.RuntimeError('unreachable'),
        Promise.resolve(),
      );
      expect(exits).toEqual([1]);
    } finally {
      remove();
    }
  });

  it('tells a database out of reach from other failures, through drizzle wrapping', () => {
    const wrapped = (cause: unknown) => Object.assign(new Error('Failed query'), { cause });
    expect(isDatabaseUnavailable(wrapped({ code: 'CONNECTION_CLOSED' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '08006' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isFatal(new Error('boom'))).toBe(false);
  });
});
