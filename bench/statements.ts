/**
 * Statements per request: the SQL statements each of the most used routes sends, first for
 * a fresh session read (cold) and then once the session is known (warm), against its
 * budget (src/server/test/route-costs.ts, which statements.test.ts holds the server to).
 * Runs on the embedded database, or on PostgreSQL with TEST_DATABASE_URL.
 */
import { createTestApp } from '../src/server/test/harness';
import { measureRouteCosts, seedRouteCosts } from '../src/server/test/route-costs';
import { type Metric, metric, printTable } from './lib/report';

export const stage = 'statements';

export async function run(): Promise<{ metrics: Metric[]; details: unknown }> {
  const t = await createTestApp();
  try {
    const measured = await measureRouteCosts(t, await seedRouteCosts(t));
    printTable([
      ['route', 'cold', 'warm', 'budget'],
      ...measured.map(({ route, cold, warm }) => [
        route.name,
        String(cold.length),
        String(warm.length),
        String(route.budget),
      ]),
    ]);
    return {
      metrics: measured.map(({ route, warm }) =>
        metric(stage, `${route.name} (statements)`, warm.length, '', {
          limit: route.budget,
          kind: 'max',
        }),
      ),
      details: measured.map(({ route, cold, warm }) => ({ route: route.name, cold, warm })),
    };
  } finally {
    await t.close();
  }
}
