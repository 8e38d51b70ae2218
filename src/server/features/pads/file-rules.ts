import * as Y from 'yjs';
import { PAD_FILES_MAP, padPathProblem } from '../../../domain/pads';

/**
 * The file tree's rules on an update a client sends (create, rename, delete are changes of
 * the document's files map): the first path it would add that breaks the workspace's path
 * rules, with the reason, or null. Read from the update's own structs without applying it:
 * an item that starts a key of the files map carries the map's name and the key; one that
 * overwrites a key carries neither (its origin is the key's previous item), and needs no
 * check, the path being there already.
 */
export function fileProblem(doc: Y.Doc, update: Uint8Array): string | null {
  const { structs, ds } = Y.decodeUpdate(update);
  const added = keysStarted(structs);
  if (added.length === 0) return null;
  const files = doc.getMap(PAD_FILES_MAP);
  // Paths this same update deletes (a rename deletes the old name) no longer count.
  const existing = [...files._map.entries()]
    .filter(([, item]) => !item.deleted && !Y.isDeleted(ds, item.id))
    .map(([path]) => path);
  for (const path of added) {
    if (existing.includes(path)) continue;
    const problem = padPathProblem(existing, path);
    if (problem) return problem;
    existing.push(path);
  }
  return null;
}

/**
 * Whether an update starts a key of the files map (creates a file, or a rename's new name):
 * such an update is checked again against the pad as stored, under its row's lock, so two
 * servers (or two sockets) creating `a.py` and `A.py` at once cannot both get through.
 */
export function startsFiles(update: Uint8Array): boolean {
  return keysStarted(Y.decodeUpdate(update).structs).length > 0;
}

// Decoded (not integrated) items name a root type by its name: parent is a string here.
const keysStarted = (structs: ReturnType<typeof Y.decodeUpdate>['structs']) =>
  structs.flatMap((s) =>
    s instanceof Y.Item &&
    (s.parent as unknown) === PAD_FILES_MAP &&
    typeof s.parentSub === 'string'
      ? [s.parentSub]
      : [],
  );
