import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unzipSync, zipSync } from 'fflate';
import { openDatabase } from '../db/client';

/**
 * Backups of a single-server install (embedded database, DATA_DIR). The
 * backup takes the database lock: it runs while the server is stopped (the
 * lock refuses it otherwise), so what it copies is consistent. One zip:
 * manifest.json, pglite.tar.gz (PGlite's own dump of its data directory),
 * files/… (photos, résumés) and auth-secret (sessions survive a restore).
 * PostgreSQL installs use pg_dump and bucket versioning instead (README).
 */
export interface BackupManifest {
  format: 'talentforge-backup-1';
  createdAt: string;
  files: number;
}

async function walk(folder: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const entry of entries) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await walk(path.join(folder, entry.name), rel)));
    else if (!entry.name.endsWith('.tmp')) out.push(rel);
  }
  return out;
}

export async function backup(dataDir: string, target: string): Promise<BackupManifest> {
  const database = await openDatabase({ dataDir }); // takes the lock: refused while the server runs
  try {
    const client = (database.db as unknown as { session: { client: PGlite } }).session.client;
    const dump = await client.dumpDataDir('gzip');
    const zip: Record<string, Uint8Array> = {
      'pglite.tar.gz': new Uint8Array(await dump.arrayBuffer()),
    };
    const files = await walk(path.join(dataDir, 'files'));
    for (const file of files) {
      zip[`files/${file}`] = new Uint8Array(await readFile(path.join(dataDir, 'files', file)));
    }
    const secret = await readFile(path.join(dataDir, 'auth-secret')).catch(() => null);
    if (secret) zip['auth-secret'] = new Uint8Array(secret);
    const manifest: BackupManifest = {
      format: 'talentforge-backup-1',
      createdAt: new Date().toISOString(),
      files: files.filter((f) => !f.endsWith('.type')).length,
    };
    zip['manifest.json'] = new TextEncoder().encode(JSON.stringify(manifest, null, 2));
    await mkdir(path.dirname(path.resolve(target)), { recursive: true });
    await writeFile(target, zipSync(zip, { level: 0 }), { mode: 0o600 });
    return manifest;
  } finally {
    await database.close();
  }
}

/** Restores a backup into an empty DATA_DIR (or over one with `force`), with the server stopped. */
export async function restore(
  source: string,
  dataDir: string,
  { force = false } = {},
): Promise<BackupManifest> {
  const entries = unzipSync(new Uint8Array(await readFile(source)));
  const manifestBytes = entries['manifest.json'];
  const dump = entries['pglite.tar.gz'];
  if (!manifestBytes || !dump) throw new Error(`${source} is not a TalentForge backup`);
  const manifest = JSON.parse(new TextDecoder().decode(manifestBytes)) as BackupManifest;
  if (manifest.format !== 'talentforge-backup-1') {
    throw new Error(`${source}: unknown backup format ${manifest.format}`);
  }
  const pgliteDir = path.join(dataDir, 'pglite');
  const exists = await stat(pgliteDir).then(
    () => true,
    () => false,
  );
  if (exists && !force) {
    throw new Error(`${dataDir} already holds a database; pass --force to replace it`);
  }
  // Take the lock (refused while a server uses DATA_DIR), then replace what is there.
  const current = exists ? await openDatabase({ dataDir }) : null;
  await current?.close();
  await rm(pgliteDir, { recursive: true, force: true });
  await rm(path.join(dataDir, 'files'), { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  const loaded = new PGlite(pgliteDir, {
    loadDataDir: new Blob([dump as Uint8Array<ArrayBuffer>]),
    extensions: { pg_trgm },
  });
  await loaded.waitReady;
  await loaded.close();
  for (const [name, bytes] of Object.entries(entries)) {
    if (!name.startsWith('files/') || name.endsWith('/')) continue;
    const target = path.join(dataDir, name);
    if (!target.startsWith(path.join(dataDir, 'files') + path.sep)) continue;
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes);
  }
  if (entries['auth-secret']) {
    await writeFile(path.join(dataDir, 'auth-secret'), entries['auth-secret'], { mode: 0o600 });
  }
  return manifest;
}
