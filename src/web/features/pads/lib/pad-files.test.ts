import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { PAD_TEXTS } from '../../../../domain/pads';
import { PATH_TEXTS } from '../../../../domain/project-paths';
import { i18n } from '../../../lib/i18n';
import { translateMessage } from '../../../lib/messages';
import { createFile, deleteFile, renameFile } from './pad-files';

const docWith = (...paths: string[]) => {
  const doc = new Y.Doc();
  for (const path of paths) doc.getMap<Y.Text>('files').set(path, new Y.Text(`// ${path}`));
  return doc;
};
const paths = (doc: Y.Doc) => [...doc.getMap('files').keys()].sort();

describe('the pad’s file tree', () => {
  it('creates, renames (keeping the text) and deletes files', () => {
    const doc = docWith('main.py');
    expect(createFile(doc, 'lib/util.py')).toBeNull();
    expect(renameFile(doc, 'main.py', 'app.py')).toBeNull();
    expect(paths(doc)).toEqual(['app.py', 'lib/util.py']);
    expect(doc.getMap<Y.Text>('files').get('app.py')!.toString()).toBe('// main.py');
    deleteFile(doc, 'lib/util.py');
    expect(paths(doc)).toEqual(['app.py']);
  });

  it('refuses what the workspace’s path rules refuse, changing nothing', () => {
    const doc = docWith('main.py', 'lib/util.py');
    expect(createFile(doc, '../x.py')).toBe(PATH_TEXTS.dotSegment);
    expect(createFile(doc, 'MAIN.py')).toBe(PATH_TEXTS.caseClash('main.py'));
    expect(createFile(doc, 'lib')).toBe(PATH_TEXTS.folderExists('lib'));
    expect(renameFile(doc, 'main.py', 'lib/util.py')).toBe(PATH_TEXTS.exists('lib/util.py'));
    expect(renameFile(doc, 'main.py', '')).toBe(PATH_TEXTS.empty);
    expect(paths(doc)).toEqual(['lib/util.py', 'main.py']);
  });
});

describe('a name the server refuses', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('(another server stored A.py first) reads in the user’s language', async () => {
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces('messages');
    // The socket's error notice and its close reason, as the pad screen shows them.
    expect(translateMessage(PATH_TEXTS.caseClash('A.py'))).toBe(
      '„A.py“ existiert bereits (die Pfade unterscheiden sich nur in Groß- und Kleinschreibung)',
    );
    expect(translateMessage(PAD_TEXTS.fileRefused)).not.toBe(PAD_TEXTS.fileRefused);
  });
});
