import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Storage } from './storage';

export interface MigrationReport {
  copied: number;
  /** Already in the target with the same bytes: left as they were. */
  unchanged: number;
  bytes: number;
  /** Keys whose copy did not read back the same (their copy is removed). */
  mismatched: string[];
}

async function digest(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Uint8Array);
    size += (chunk as Uint8Array).length;
  }
  return { sha256: hash.digest('hex'), size };
}

/**
 * Copies every file of `from` into `to` as a stream, then reads each copy back
 * and compares its SHA-256 and content type with the original. Safe to run
 * again: files already copied are checked, not copied twice.
 */
export async function migrateStorage(
  from: Storage,
  to: Storage,
  log: (line: string) => void = () => {},
): Promise<MigrationReport> {
  const report: MigrationReport = { copied: 0, unchanged: 0, bytes: 0, mismatched: [] };
  for await (const { key } of from.list()) {
    const source = await from.open(key);
    if (!source) continue; // removed meanwhile
    const original = await digest(source.stream);
    const existing = await to.open(key);
    if (existing) {
      const copy = await digest(existing.stream);
      if (copy.sha256 === original.sha256 && existing.contentType === source.contentType) {
        report.unchanged += 1;
        continue;
      }
    }
    const again = await from.open(key);
    if (!again) continue;
    await to.putStream(key, again.stream, again.contentType);
    const written = await to.open(key);
    const check = written ? await digest(written.stream) : null;
    if (
      !written ||
      check?.sha256 !== original.sha256 ||
      written.contentType !== source.contentType
    ) {
      report.mismatched.push(key);
      await to.remove(key).catch(() => false);
      log(`MISMATCH ${key}`);
      continue;
    }
    report.copied += 1;
    report.bytes += original.size;
    log(`copied ${key} (${original.size} bytes, sha256 ${original.sha256.slice(0, 12)}…)`);
  }
  return report;
}
