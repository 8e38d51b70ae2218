import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Server test files that never reach PostgreSQL: no database at all, or only the embedded
 * one (its lock, backups, migrations, statistics), whatever TEST_DATABASE_URL says. The
 * PostgreSQL run (TEST_DATABASE_URL, beside the embedded-database run in CI) leaves them
 * out: the embedded run already does exactly what they would do again (decision 018), and
 * the sandbox's checks for leftover processes of the sandbox user would see the other
 * suite's runs.
 */
const WITHOUT_POSTGRES = [
  'src/server/sandbox/**',
  'src/server/compiled-server.test.ts',
  'src/server/lib/error-messages.test.ts',
  'src/server/ops/root.test.ts',
  'src/server/storage/storage.test.ts',
  // The embedded database only.
  'src/server/db/client.test.ts',
  'src/server/db/pglite-init.test.ts',
  'src/server/ops/backup.test.ts',
  'src/server/features/departments/departments-migration.test.ts',
  'src/server/lib/unit-of-work.test.ts',
  // No database: source, catalogues, configuration, deploy files, pure functions.
  'scripts/demo/**',
  'src/server/import-cycles.test.ts',
  'src/server/locales/**',
  'src/server/env.test.ts',
  'src/server/db/schema-files.test.ts',
  'src/server/auth/test-password-hashing.test.ts',
  'src/server/ops/compose-lint.test.ts',
  'src/server/ops/deploy.test.ts',
  'src/server/ops/process-policy.test.ts',
  'src/server/lib/app-url-file.test.ts',
  'src/server/lib/keep-alive.test.ts',
  'src/server/lib/pg-errors.test.ts',
  'src/server/features/ai-review/checks.test.ts',
  'src/server/features/careers/description-html.test.ts',
  'src/server/features/mail-replies/reply-text.test.ts',
  'src/server/features/messaging/mails.test.ts',
  'src/server/features/security/session-policy.test.ts',
  'src/server/features/users/last-admin.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          isolate: false,
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
            ...(process.env.TEST_DATABASE_URL ? WITHOUT_POSTGRES : []),
          ],
          environment: 'node',
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          // One module graph per worker, not per file: the files share no module state
          // that matters (each builds its own app and database), and importing the server
          // afresh for every file was most of the suite's CPU (docs/decisions/018).
          isolate: false,
          // Each file starts its own database; PostgreSQL and PGlite both cope with two at once.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          // One module graph and DOM per worker: each test unmounts what it rendered
          // (testing-library's cleanup) and puts the language back; importing Mantine and
          // React afresh per file took 42 s of the web project's 110 s (decision 018).
          isolate: false,
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          // CI runs this project beside the PostgreSQL suite on 2 cores, where rendering a big
          // form can take longer than vitest's 5 s default.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
