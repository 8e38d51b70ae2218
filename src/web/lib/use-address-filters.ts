import { useEffect, useRef } from 'react';

/**
 * Changes to filters kept in the address. The router applies a navigation after the
 * render that asked for it, so a second change before that render (a date and then
 * another, typed quickly; a search landing as a select changes) would build on the old
 * address and undo the first. Each change here builds on the last one asked for, until
 * the address shows it (`applied`: the address's query string).
 */
export function useAddressFilters<T extends object>(
  filters: T,
  applied: string,
  write: (merged: T, next: Partial<T>) => void,
) {
  const pending = useRef<T | null>(null);
  useEffect(() => {
    // The address caught up (or changed by other means): it is the base again.
    void applied;
    pending.current = null;
  }, [applied]);
  return (next: Partial<T>) => {
    const merged = { ...(pending.current ?? filters), ...next };
    pending.current = merged;
    write(merged, next);
  };
}
