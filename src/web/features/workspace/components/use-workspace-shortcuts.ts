import { useEffect, useRef } from 'react';

export type ShortcutActions = {
  save?: () => void;
  runTests?: () => void;
  quickOpen: () => void;
  switchFile: (step: 1 | -1) => void;
};

/**
 * The workspace's keys, caught on the window before the editor sees them: Ctrl/Cmd+S saves
 * (never the browser's Save dialog), Ctrl/Cmd+Enter runs the tests, Ctrl/Cmd+P opens a file
 * by name (never Print), Alt+PageUp/PageDown switch between open files (Alt+Up/Down move
 * lines in the editor).
 */
export function useWorkspaceShortcuts(actions: ShortcutActions) {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      const act = latest.current;
      let handled = true;
      if (mod && !event.altKey && key === 's') act.save?.();
      else if (mod && !event.altKey && key === 'enter') act.runTests?.();
      else if (mod && !event.altKey && !event.shiftKey && key === 'p') act.quickOpen();
      else if (event.altKey && !mod && key === 'pageup') act.switchFile(-1);
      else if (event.altKey && !mod && key === 'pagedown') act.switchFile(1);
      else handled = false;
      if (handled) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
