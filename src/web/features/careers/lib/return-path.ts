/**
 * The careers job page to return to after signing up there and verifying (the mail's link
 * lands on /login), kept in this browser. A module of its own: /login's guard reads it, and
 * the rest of the careers draft (cover letter, résumé) stays out of the first screen's script.
 */
const RETURN_KEY = 'careers-return';
/** A draft or return path older than this is dropped (the link in the mail works for 24 hours). */
export const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The careers job page to come back to once signed in (a path of ours only). */
export function rememberReturn(path: string): void {
  if (!path.startsWith('/careers/')) return;
  try {
    storage()?.setItem(RETURN_KEY, JSON.stringify({ path, at: Date.now() }));
  } catch {
    // Refused: the visitor finds the job again from /careers.
  }
}

/** The page to return to, if one was kept recently (reads only: forgetReturn clears it). */
export function peekReturn(): string | null {
  const raw = storage()?.getItem(RETURN_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof parsed.path !== 'string' || !/^\/careers\/[A-Za-z0-9-]+$/.test(parsed.path)) {
      return null;
    }
    if (typeof parsed.at !== 'number' || Date.now() - parsed.at > MAX_AGE_MS) return null;
    return parsed.path;
  } catch {
    return null;
  }
}

export function forgetReturn(): void {
  try {
    storage()?.removeItem(RETURN_KEY);
  } catch {
    // Nothing kept.
  }
}
