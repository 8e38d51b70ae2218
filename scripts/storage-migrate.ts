/**
 * npm run storage:migrate [-- --from file:///folder] [-- --to s3://bucket/prefix]
 *
 * Copies every stored file (photos, résumés) from the local folder
 * (DATA_DIR/files) to STORAGE_URL, then reads each copy back and checks its
 * SHA-256. Run it again after switching STORAGE_URL on: it only copies what
 * is missing. Exits 1 if any copy did not verify.
 */
import { parseArgs } from 'node:util';
import { parseEnv } from '../src/server/env';
import { migrateStorage } from '../src/server/storage/migrate';
import { openStorage } from '../src/server/storage/open';

const { values } = parseArgs({
  options: { from: { type: 'string' }, to: { type: 'string' } },
});

try {
  const env = parseEnv();
  const fromUrl = values.from ?? '';
  const toUrl = values.to ?? env.STORAGE_URL;
  if (!toUrl) {
    console.error('Set STORAGE_URL (s3://bucket/prefix) or pass --to: where should the files go?');
    process.exit(2);
  }
  const from = openStorage(env, fromUrl || null);
  const to = openStorage(env, toUrl);
  if (from.location === to.location) {
    console.error(`The source and the target are the same (${from.location}).`);
    process.exit(2);
  }
  await to.check();
  console.log(`copying ${from.location} -> ${to.location}`);
  const report = await migrateStorage(from, to, (line) => console.log(line));
  console.log(
    `${report.copied} copied (${report.bytes} bytes), ${report.unchanged} already there, ${report.mismatched.length} did not verify`,
  );
  await to.close();
  process.exit(report.mismatched.length > 0 ? 1 : 0);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
