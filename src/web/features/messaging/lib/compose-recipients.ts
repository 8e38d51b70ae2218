import { matchesUser } from '../../../../domain/messaging';

/**
 * The user ids asked for by `?to=`: the parameter may repeat and each value may
 * hold several ids separated by commas. Blanks and repeats are dropped.
 */
export function requestedRecipientIds(values: readonly string[]): string[] {
  const ids = values.flatMap((value) => value.split(',')).map((id) => id.trim());
  return [...new Set(ids.filter(Boolean))];
}

/** The requested ids the user may actually message, in the order asked for. */
export function prefillRecipients(
  requested: readonly string[],
  users: readonly { id: string }[],
): string[] {
  const known = new Set(users.map((u) => u.id));
  return requested.filter((id) => known.has(id));
}

/** The users whose display name or e-mail contains the search (case-insensitive). */
export function filterUsers<U extends { displayName: string; email: string }>(
  users: readonly U[],
  query: string,
): U[] {
  return users.filter((u) => matchesUser(u, query));
}

/** Adds the id when missing, removes it when present (a multi-select click). */
export function toggleId(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id];
}
