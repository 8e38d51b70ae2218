import { unzipSync } from 'fflate';
import { projectFileSchema, type SampleProject } from '../../../domain/assessments';
import { HIDDEN_TEST_FOLDERS, hasTestFiles, ZIP_LIMITS } from '../../../domain/test-runs';
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

const decoder = new TextDecoder('utf-8', { fatal: true });

function asText(name: string, bytes: Uint8Array): string {
  if (bytes.includes(0)) throw refuse(`Only text files are allowed: ${name}`);
  try {
    return decoder.decode(bytes);
  } catch {
    throw refuse(`Only text files are allowed: ${name}`);
  }
}

/**
 * An uploaded project zip as a project: text files only, sizes and counts
 * capped (checked from the headers before anything is inflated, and again
 * after), no absolute paths or '..'. Files under hidden/ or .hidden-tests/
 * become hidden tests (the folder is dropped from their path). A zip of one
 * folder is unwrapped.
 */
export function parseProjectZip(bytes: Uint8Array, name = 'project'): SampleProject {
  if (bytes.length > ZIP_LIMITS.maxZipBytes) {
    throw new AppError(413, 'The zip file is too large (1 MB at most)');
  }
  let entries: Record<string, Uint8Array>;
  let count = 0;
  let declared = 0;
  try {
    entries = unzipSync(bytes, {
      filter(file) {
        if (file.name.endsWith('/')) return false;
        checkPath(file.name);
        count += 1;
        declared += file.originalSize;
        if (count > ZIP_LIMITS.maxFiles) {
          throw refuse(`The zip holds too many files (${ZIP_LIMITS.maxFiles} at most)`);
        }
        if (file.originalSize > ZIP_LIMITS.maxFileBytes) {
          throw refuse(`File too large: ${file.name.slice(0, 200)} (200,000 bytes at most)`);
        }
        if (declared > ZIP_LIMITS.maxTotalBytes) {
          throw refuse('The project is too large (2 MB unpacked at most)');
        }
        return true;
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse('The file could not be read as a zip archive');
  }
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
    runner: hasTestFiles(all) ? 'node' : 'none',
    starter: 'upload',
  };
}
