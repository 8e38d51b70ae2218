/**
 * A value read once and kept until cleared: what is read on every request but changes
 * rarely, and whose writers say so (a failed read is not kept; a read under way when it is
 * cleared is not kept either).
 */
export function cachedValue<T>(read: () => Promise<T>) {
  let kept: Promise<T> | null = null;
  return {
    get(): Promise<T> {
      if (kept) return kept;
      const reading = read();
      kept = reading;
      reading.catch(() => {
        if (kept === reading) kept = null;
      });
      return reading;
    },
    clear() {
      kept = null;
    },
  };
}
