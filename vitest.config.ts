import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Server test files that never open a database. The PostgreSQL run
 * (TEST_DATABASE_URL, beside the embedded-database run in CI) leaves them out:
 * running them twice only costs time, and the sandbox's checks for leftover
 * processes of the sandbox user would see the other suite's runs.
 */
const DATABASE_FREE = [
  'src/server/sandbox/**',
  'src/server/compiled-server.test.ts',
  'src/server/ops/root.test.ts',
  'src/server/storage/storage.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['src/domain/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.TEST_DATABASE_URL ? DATABASE_FREE : []),
          ],
          environment: 'node',
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          // Each file starts its own database; PostgreSQL and PGlite both cope with two at once.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
        },
      },
    ],
  },
});
