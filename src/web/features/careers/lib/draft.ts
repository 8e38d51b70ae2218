import { MAX_AGE_MS, storage } from './return-path';

/**
 * What a visitor typed into a careers application, kept in this browser (localStorage) until it
 * is sent: it survives signing up, the verification mail and the link that brings them back.
 * The job page to return to after verifying is in return-path.ts (the link lands on /login).
 */
const DRAFT_PREFIX = 'careers-draft:';

export function loadDraft(jobId: string): string {
  const raw = storage()?.getItem(DRAFT_PREFIX + jobId);
  if (!raw) return '';
  try {
    const parsed = JSON.parse(raw) as { coverLetter?: unknown; at?: unknown };
    if (typeof parsed.at === 'number' && Date.now() - parsed.at > MAX_AGE_MS) return '';
    return typeof parsed.coverLetter === 'string' ? parsed.coverLetter : '';
  } catch {
    return '';
  }
}

export function saveDraft(jobId: string, coverLetter: string): void {
  try {
    if (coverLetter) {
      storage()?.setItem(DRAFT_PREFIX + jobId, JSON.stringify({ coverLetter, at: Date.now() }));
    } else {
      storage()?.removeItem(DRAFT_PREFIX + jobId);
    }
  } catch {
    // Storage full or refused: the text stays on the page only.
  }
}

export function clearDraft(jobId: string): void {
  storage()?.removeItem(DRAFT_PREFIX + jobId);
}

/**
 * The résumé a visitor chose before signing up, kept in this browser's IndexedDB (a File can
 * be stored there as it is; localStorage holds text only) until the application is sent.
 */
const DB_NAME = 'careers-drafts';
const STORE = 'resumes';

function openDrafts(): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

async function inStore<T>(
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | null> {
  const db = await openDrafts();
  if (!db) return null;
  return new Promise((resolve) => {
    try {
      const request = act(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
    } catch {
      resolve(null);
    } finally {
      db.close();
    }
  });
}

export async function loadResumeDraft(jobId: string): Promise<File | null> {
  const kept = (await inStore('readonly', (s) => s.get(jobId))) as
    | { file?: unknown; at?: unknown }
    | undefined
    | null;
  if (!kept || !(kept.file instanceof File)) return null;
  if (typeof kept.at !== 'number' || Date.now() - kept.at > MAX_AGE_MS) return null;
  return kept.file;
}

export async function saveResumeDraft(jobId: string, file: File | null): Promise<void> {
  if (file) await inStore('readwrite', (s) => s.put({ file, at: Date.now() }, jobId));
  else await inStore('readwrite', (s) => s.delete(jobId));
}
