import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CandidateFile } from '../../../../domain/assessments';
import type { ProjectChange } from '../../../../domain/project-paths';
import { FileSync, storageKey } from './file-sync';
import type { KeyValueStore } from './outbox';
import { applyChanges, type ChangeOutcome, TreeSync, treeStorageKey } from './tree-sync';

function memoryStorage(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => {
      data.set(k, v);
    },
    removeItem: (k) => {
      data.delete(k);
    },
  };
}

const file = (fileName: string, content = ''): CandidateFile => ({
  fileName,
  content,
  editedAt: null,
  updatedAt: null,
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the tree as the candidate changed it', () => {
  it('applies creates, renames (files and folders) and deletes in order', () => {
    const files = [file('src/a.ts', 'a'), file('src/b.ts', 'b'), file('README.md')];
    const changes: ProjectChange[] = [
      { op: 'create', path: 'src/util.ts', content: 'u', editedAt: 1 },
      { op: 'rename', path: 'src/util.ts', to: 'src/lib/util.ts', editedAt: 2 },
      { op: 'rename', path: 'src', to: 'app', editedAt: 3 },
      { op: 'delete', path: 'README.md', editedAt: 4 },
    ];
    expect(applyChanges(files, changes).map((f) => [f.fileName, f.content])).toEqual([
      ['app/a.ts', 'a'],
      ['app/b.ts', 'b'],
      ['app/lib/util.ts', 'u'],
    ]);
  });
});

describe('TreeSync', () => {
  it('keeps changes made offline across a reload and sends them in order once online; file saves wait for them', async () => {
    const storage = memoryStorage();
    let online = false;
    const sent: ProjectChange[] = [];
    const send = async (change: ProjectChange): Promise<ChangeOutcome> => {
      if (!online) return { kind: 'failed', status: 0, message: 'offline' };
      sent.push(change);
      return { kind: 'done', files: [] };
    };
    const make = () =>
      new TreeSync({
        assessmentId: 'a1',
        storage,
        send,
        onDone: () => {},
        onRefused: () => {},
        onDrained: () => {},
      });
    const first = make();
    first.add({ op: 'create', path: 'new.ts', content: '', editedAt: 1 });
    first.add({ op: 'rename', path: 'new.ts', to: 'lib/new.ts', editedAt: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([]);
    expect(JSON.parse(storage.data.get(treeStorageKey('a1'))!)).toHaveLength(2);

    // A reload: a new page reads what waits.
    first.dispose();
    const second = make();
    expect(second.pending().map((c) => c.op)).toEqual(['create', 'rename']);
    online = true;
    await second.flush();
    expect(sent.map((c) => c.op)).toEqual(['create', 'rename']);
    expect(second.hasPending()).toBe(false);
    expect(storage.data.has(treeStorageKey('a1'))).toBe(false);
  });

  it('a refused change is dropped and told; the next still goes', async () => {
    const refused: string[] = [];
    const tree = new TreeSync({
      assessmentId: 'a2',
      storage: memoryStorage(),
      send: async (c) =>
        c.path === 'taken.ts'
          ? { kind: 'failed', status: 409, message: '"taken.ts" already exists' }
          : { kind: 'done', files: [] },
      onDone: () => {},
      onRefused: (_c, message) => refused.push(message),
      onDrained: () => {},
    });
    tree.add({ op: 'create', path: 'taken.ts', content: '', editedAt: 1 });
    tree.add({ op: 'create', path: 'free.ts', content: '', editedAt: 2 });
    await tree.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(refused).toEqual(['"taken.ts" already exists']);
    expect(tree.hasPending()).toBe(false);
  });
});

describe('FileSync and the tree', () => {
  it('a rename moves the unsaved edit and its stored copy; saves wait while changes are pending', async () => {
    const storage = memoryStorage();
    const saves: string[] = [];
    let blocked = true;
    const sync = new FileSync({
      assessmentId: 'a3',
      storage,
      save: async (name, body) => {
        saves.push(name);
        return {
          kind: 'saved',
          file: { fileName: name, content: body.content, editedAt: body.editedAt, updatedAt: null },
        };
      },
      blocked: () => blocked,
      delayMs: 10,
    });
    sync.sync(file('a.ts', 'x'), true);
    sync.edit('a.ts', 'typed');
    sync.move('a.ts', 'lib/a.ts');
    expect(storage.data.has(storageKey('a3', 'a.ts'))).toBe(false);
    expect(JSON.parse(storage.data.get(storageKey('a3', 'lib/a.ts'))!).content).toBe('typed');
    await vi.advanceTimersByTimeAsync(50);
    expect(saves).toEqual([]);
    blocked = false;
    await sync.flush();
    expect(saves).toEqual(['lib/a.ts']);
    expect(sync.view('lib/a.ts')?.dirty).toBe(false);
  });
});
