/**
 * The items with each id once, first occurrence kept. Inbox pages are fetched one after
 * another while conversations keep moving to the top, so one can turn up on two pages.
 */
export function uniqueById<T extends { id: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
}
