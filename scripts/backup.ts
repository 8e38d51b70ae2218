/**
 * npm run backup -- [file]    (default: talentforge-backup-<time>.zip)
 * npm run restore -- file [--force]
 *
 * The embedded database and the local files of DATA_DIR, with the server
 * stopped (both take the database lock and refuse while it runs). With
 * DATABASE_URL use pg_dump, and versioning on the bucket (README, Production).
 */
import { parseArgs } from 'node:util';
import { parseEnv } from '../src/server/env';
import { backup, restore } from '../src/server/ops/backup';

const command = process.argv[2];
const { values, positionals } = parseArgs({
  args: process.argv.slice(3),
  options: { force: { type: 'boolean', default: false } },
  allowPositionals: true,
});

try {
  const env = parseEnv();
  if (env.DATABASE_URL) {
    console.error(
      'DATABASE_URL is set: back PostgreSQL up with pg_dump (and version the bucket); this backs up the embedded database.',
    );
    process.exit(2);
  }
  if (command === 'backup') {
    const file =
      positionals[0] ?? `talentforge-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.zip`;
    const manifest = await backup(env.DATA_DIR, file);
    console.log(`backed up ${env.DATA_DIR} (database and ${manifest.files} files) into ${file}`);
  } else if (command === 'restore') {
    const file = positionals[0];
    if (!file) {
      console.error('Usage: npm run restore -- backup.zip [--force]');
      process.exit(2);
    }
    const manifest = await restore(file, env.DATA_DIR, { force: values.force });
    console.log(`restored ${file} (made ${manifest.createdAt}) into ${env.DATA_DIR}`);
  } else {
    console.error('Usage: backup [file] | restore file [--force]');
    process.exit(2);
  }
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
