import type { QueryClient, QueryKey, Updater } from '@tanstack/react-query';

/**
 * Stores what a mutation's answer says about a query, after dropping any read of that query
 * already on its way: sent before the mutation (a realtime event's refresh, a refocus), such
 * a read answers after it with the state before and would overwrite the change.
 */
export async function setAfterReads<T>(
  client: QueryClient,
  queryKey: QueryKey,
  updater: Updater<T | undefined, T | undefined>,
): Promise<void> {
  const reading = client.isFetching({ queryKey, exact: true }) > 0;
  await client.cancelQueries({ queryKey, exact: true });
  const data = client.setQueryData<T>(queryKey, updater);
  // The dropped read is sent again, now after the change: whatever it was sent for (another
  // tab's edit, an event) still arrives. A first load dropped had nothing to update.
  if (reading || data === undefined) void client.invalidateQueries({ queryKey, exact: true });
}
