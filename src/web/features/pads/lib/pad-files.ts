import * as Y from 'yjs';
import { PAD_FILES_MAP, padPathProblem } from '../../../../domain/pads';

/**
 * The pad's file tree as changes of the shared document's files map (path → Y.Text), so both
 * people see them at once. Each checks the workspace's path rules first (the server refuses
 * a change that breaks them) and answers the rule broken, in English (translateMessage shows
 * it in the reader's language), or null when done.
 */
const filesOf = (doc: Y.Doc) => doc.getMap<Y.Text>(PAD_FILES_MAP);
const pathsOf = (doc: Y.Doc) => [...filesOf(doc).keys()];

export function createFile(doc: Y.Doc, path: string): string | null {
  const problem = padPathProblem(pathsOf(doc), path);
  if (problem) return problem;
  filesOf(doc).set(path, new Y.Text(''));
  return null;
}

/** A rename is one change: the text under its new name, the old name gone. */
export function renameFile(doc: Y.Doc, from: string, to: string): string | null {
  if (from === to) return null;
  const text = filesOf(doc).get(from);
  if (!text) return null;
  const problem = padPathProblem(pathsOf(doc), to, from);
  if (problem) return problem;
  doc.transact(() => {
    filesOf(doc).set(to, new Y.Text(text.toString()));
    filesOf(doc).delete(from);
  });
  return null;
}

export function deleteFile(doc: Y.Doc, path: string) {
  filesOf(doc).delete(path);
}
