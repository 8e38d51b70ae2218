import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness';
import { type MeasuredCost, measureRouteCosts, seedRouteCosts } from './test/route-costs';

let t: TestApp;
let measured: MeasuredCost[];

beforeAll(async () => {
  t = await createTestApp();
  measured = await measureRouteCosts(t, await seedRouteCosts(t));
});
afterAll(async () => {
  await t?.close();
});

describe('SQL statements per request of the most used routes', () => {
  it('keeps every route within its budget once its session is known', () => {
    const over = measured
      .filter(({ route, warm }) => warm.length > route.budget)
      .map(
        ({ route, warm }) =>
          `${route.name}: ${warm.length} > ${route.budget}\n  ${warm.join('\n  ')}`,
      );
    expect(over.join('\n\n')).toBe('');
  });

  it('reads the session and its user once per cookie, in one statement', () => {
    // better-auth's own get-session endpoint reads it again: its budget counts that.
    for (const { route, cold, warm } of measured.filter((m) => m.route.name !== 'session')) {
      const sessionReads = (list: string[]) => list.filter((s) => /from "session"/i.test(s));
      expect(sessionReads(cold), route.name).toHaveLength(1);
      expect(sessionReads(warm), route.name).toHaveLength(0);
    }
  });
});
