import { Unzip, UnzipInflate } from 'fflate';
import { projectFileSchema, type SampleProject } from '../../../domain/assessments';
import { detectRunner, HIDDEN_TEST_FOLDERS, ZIP_LIMITS } from '../../../domain/test-runs';
import { AppError } from '../../lib/errors';

const refuse = (message: string) => new AppError(400, message, [{ path: ['file'], message }]);

/** A stored path must be relative, inside the project, and in the path alphabet projects use. */
function checkPath(name: string): string {
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.includes('\\')) {
    throw refuse(`File path not allowed: ${name.slice(0, 200)}`);
  }
  if (name.split('/').some((part) => part === '..' || part === '.')) {
    throw refuse(`File path not allowed: ${name.slice(0, 200)}`);
  }
  return name;
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

function asText(name: string, bytes: Uint8Array): string {
  if (bytes.includes(0)) throw refuse(`Only text files are allowed: ${name}`);
  try {
    return decoder.decode(bytes);
  } catch {
    throw refuse(`Only text files are allowed: ${name}`);
  }
}

/** Compressed bytes handed to the inflater at a time: at most ~1 MB of output each (deflate's ratio is ~1:1032). */
const SLICE_BYTES = 1024;
/** Event-loop time the inflater may take before it yields to other requests. */
const SLICE_MS = 4;

/**
 * An uploaded project zip as a project: text files only, sizes and counts
 * capped (checked from the headers first, then on the bytes actually
 * inflated: a header may lie), no absolute paths or '..'. The zip is inflated
 * as a stream, a kilobyte at a time, yielding to other requests every few
 * milliseconds and stopping at the first byte past a cap. Files under
 * hidden/ or .hidden-tests/ become hidden tests (the folder is dropped from
 * their path). A zip of one folder is unwrapped.
 */
export async function parseProjectZip(bytes: Uint8Array, name = 'project'): Promise<SampleProject> {
  if (bytes.length > ZIP_LIMITS.maxZipBytes) {
    throw new AppError(413, 'The zip file is too large (1 MB at most)');
  }
  const unreadable = () => refuse('The file could not be read as a zip archive');
  // A zip starts with a local file header (or is an empty archive's end record).
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw unreadable();
  const entries: Record<string, Uint8Array> = {};
  const pending = new Map<string, Uint8Array[]>();
  let count = 0;
  let declared = 0;
  let inflated = 0;
  let failure: AppError | null = null;
  const fail = (error: AppError) => {
    failure ??= error;
  };
  const unzip = new Unzip((file) => {
    if (failure || file.name.endsWith('/')) return;
    try {
      checkPath(file.name);
    } catch (error) {
      fail(error as AppError);
      return;
    }
    count += 1;
    declared += file.originalSize ?? 0;
    if (count > ZIP_LIMITS.maxFiles) {
      fail(refuse(`The zip holds too many files (${ZIP_LIMITS.maxFiles} at most)`));
      return;
    }
    if ((file.originalSize ?? 0) > ZIP_LIMITS.maxFileBytes) {
      fail(refuse(`File too large: ${file.name.slice(0, 200)} (200,000 bytes at most)`));
      return;
    }
    if (declared > ZIP_LIMITS.maxTotalBytes) {
      fail(refuse('The project is too large (2 MB unpacked at most)'));
      return;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    pending.set(file.name, chunks);
    file.ondata = (error, data, final) => {
      if (failure) return;
      if (error) {
        fail(unreadable());
        return;
      }
      size += data.length;
      inflated += data.length;
      // The bytes actually inflated, whatever the header said.
      if (size > ZIP_LIMITS.maxFileBytes) {
        fail(refuse(`File too large: ${file.name.slice(0, 200)} (200,000 bytes at most)`));
      } else if (inflated > ZIP_LIMITS.maxTotalBytes) {
        fail(refuse('The project is too large (2 MB unpacked at most)'));
      }
      if (failure) {
        file.terminate();
        return;
      }
      chunks.push(data);
      if (final) {
        pending.delete(file.name);
        entries[file.name] = concat(chunks, size);
      }
    };
    try {
      file.start();
    } catch {
      fail(unreadable());
    }
  });
  unzip.register(UnzipInflate);
  let sliceStarted = performance.now();
  for (let at = 0; at < bytes.length && !failure; at += SLICE_BYTES) {
    try {
      unzip.push(bytes.subarray(at, at + SLICE_BYTES), at + SLICE_BYTES >= bytes.length);
    } catch {
      fail(unreadable());
    }
    if (performance.now() - sliceStarted > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStarted = performance.now();
    }
  }
  if (failure) throw failure;
  // A file whose data never ended: a truncated or malformed archive.
  if (pending.size > 0) throw unreadable();
  let names = Object.keys(entries)
    .filter((n) => !n.startsWith('__MACOSX/') && !n.endsWith('.DS_Store'))
    .sort();
  if (names.length === 0) throw refuse('The zip holds no files');
  // One top-level folder (a zipped directory): use what is inside it.
  const first = names[0]!.split('/')[0]!;
  const prefix = `${first}/`;
  const wrapped =
    !(HIDDEN_TEST_FOLDERS as readonly string[]).includes(prefix) &&
    names.every((n) => n.startsWith(prefix));
  const strip = (n: string) => (wrapped ? n.slice(prefix.length) : n);
  let total = 0;
  const files: { path: string; content: string }[] = [];
  const hiddenFiles: { path: string; content: string }[] = [];
  for (const entry of names) {
    const data = entries[entry]!;
    total += data.length;
    if (data.length > ZIP_LIMITS.maxFileBytes || total > ZIP_LIMITS.maxTotalBytes) {
      throw refuse('The project is too large (2 MB unpacked at most)');
    }
    const inside = strip(entry);
    const hiddenFolder = HIDDEN_TEST_FOLDERS.find((f) => inside.startsWith(f));
    const path = hiddenFolder ? inside.slice(hiddenFolder.length) : inside;
    const parsed = projectFileSchema.safeParse({ path, content: asText(entry, data) });
    if (!parsed.success) {
      throw refuse(`File path not allowed: ${entry.slice(0, 200)}`);
    }
    (hiddenFolder ? hiddenFiles : files).push(parsed.data);
  }
  names = [];
  if (files.length === 0) throw refuse('The zip holds no files the candidate can see');
  if (files.length > ZIP_LIMITS.maxVisibleFiles) {
    throw refuse(`The zip holds too many files (${ZIP_LIMITS.maxVisibleFiles} at most)`);
  }
  const all = [...files, ...hiddenFiles].map((f) => f.path);
  const readme = files.find((f) => f.path.toLowerCase() === 'readme.md');
  return {
    name: (wrapped ? first : name).replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 100) || 'project',
    branch: 'main',
    context: '',
    ticket: readme ? 'See README.md for the task.' : '',
    files,
    hiddenFiles,
    runner: detectRunner(all),
    starter: 'upload',
  };
}
