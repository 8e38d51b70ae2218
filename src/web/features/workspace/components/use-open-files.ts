import { useState } from 'react';

/**
 * The files open as editor tabs and the one shown. A file that leaves the project (deleted,
 * renamed away) leaves the tabs; the shown one falls back to a neighbour or the first file.
 */
export function useOpenFiles(fileNames: readonly string[], first: string) {
  const [open, setOpen] = useState<string[]>(first ? [first] : []);
  const [chosen, setChosen] = useState(first);
  const openFiles = open.filter((name) => fileNames.includes(name));
  const selected = fileNames.includes(chosen) ? chosen : (openFiles[0] ?? fileNames[0] ?? '');
  if (selected && !openFiles.includes(selected)) openFiles.push(selected);

  const select = (name: string) => {
    setOpen((list) => (list.includes(name) ? list : [...list, name]));
    setChosen(name);
  };
  const close = (name: string) => {
    const index = openFiles.indexOf(name);
    const rest = openFiles.filter((n) => n !== name);
    setOpen(rest);
    if (name === selected) setChosen(rest[Math.min(index, rest.length - 1)] ?? '');
  };
  /** A file or folder renamed: its tabs follow it. */
  const rename = (from: string, to: string) => {
    const follow = (name: string) =>
      name === from || name.startsWith(`${from}/`) ? to + name.slice(from.length) : name;
    setOpen((list) => list.map(follow));
    setChosen(follow);
  };
  /** The open file `step` places before or after the shown one (wrapping round). */
  const neighbour = (step: 1 | -1) => {
    if (openFiles.length === 0) return selected;
    const at = openFiles.indexOf(selected);
    return openFiles[(at + step + openFiles.length) % openFiles.length] ?? selected;
  };
  return { openFiles, selected, select, close, rename, neighbour };
}

export type OpenFiles = ReturnType<typeof useOpenFiles>;
