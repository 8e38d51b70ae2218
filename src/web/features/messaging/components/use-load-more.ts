import { type RefObject, useEffect, useRef } from 'react';

/**
 * Calls `load` when `target` comes within 240 px of the visible part of `root` (the
 * scrolling list). The observer is made again whenever loading becomes possible, and a
 * new observer reports at once: a page too short to scroll keeps filling up.
 * Without IntersectionObserver the list's 'Load more' button still works.
 */
export function useLoadMoreOnVisible(
  root: RefObject<HTMLElement | null>,
  target: RefObject<HTMLElement | null>,
  enabled: boolean,
  load: () => void,
) {
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const element = target.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadRef.current();
      },
      { root: root.current, rootMargin: '0px 0px 240px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, root, target]);
}
