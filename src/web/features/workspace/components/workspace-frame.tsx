import { Button, Drawer, Group, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorTabs } from './editor-tabs';
import { FileList, type FileMark, type TreeEditing } from './file-list';
import classes from './ide.module.css';
import { QuickOpen } from './quick-open';
import { ShortcutsHelp } from './shortcuts-help';
import { TestsPanel } from './tests-panel';
import { TimeRemaining, type TimerProps } from './time-remaining';
import { TreeResizer, useTreeWidth } from './tree-resizer';
import type { OpenFiles } from './use-open-files';
import { useWorkspaceShortcuts } from './use-workspace-shortcuts';
import { WorkspaceSidebar } from './workspace-sidebar';

/** 'code' is a tab only in the one-column layout; the wide one always shows the editor. */
export type WorkspaceTab = 'tasks' | 'code' | 'docs' | 'assessment' | 'context';

type WorkspaceFrameProps = {
  /** The h1 and the assessment's buttons, first in the toolbar. */
  header: ReactNode;
  /** Submission banner, review, errors: between the toolbar and the panes. */
  notices?: ReactNode;
  project: { name: string; branch: string; context: string; ticket: string };
  fileNames: string[];
  files: OpenFiles;
  unsaved: ReadonlySet<string>;
  /** Opening a file (the caller sends what is pending for the one left). */
  onSelectFile: (fileName: string) => void;
  marks?: ReadonlyMap<string, FileMark>;
  editing?: TreeEditing;
  tab: WorkspaceTab;
  onTabChange: (tab: WorkspaceTab) => void;
  tasks: ReactNode;
  code: ReactNode;
  docs: ReactNode;
  /** Only with an assessment id. */
  assessment?: ReactNode;
  /** The test output, in the bottom panel. */
  tests?: ReactNode;
  timer: TimerProps;
  onSave?: () => void;
  onRunTests?: () => void;
};

const WIDE = '(min-width: 64em)';

/**
 * Full height on wide screens, so the page itself does not scroll: the height left below the
 * app's header and above main's bottom padding, measured where the frame starts.
 */
function useFillHeight(enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<string | undefined>(undefined);
  useLayoutEffect(() => {
    if (!enabled) return;
    const measure = () => {
      const top = (ref.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
      setHeight(`calc(100dvh - ${Math.round(top)}px - var(--mantine-spacing-lg))`);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [enabled]);
  return { ref, height: enabled ? height : undefined };
}

/** Keeps the chosen tab of a row that scrolls sideways in view (opening a file picks Code). */
function useSelectedTabInView(enabled: boolean, tab: string) {
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the tab changes
  useEffect(() => {
    const list = ref.current;
    const selected = list?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!enabled || !list || !selected) return;
    const row = list.getBoundingClientRect();
    const box = selected.getBoundingClientRect();
    if (box.left < row.left) list.scrollLeft -= row.left - box.left;
    else if (box.right > row.right) list.scrollLeft += box.right - row.right;
  }, [enabled, tab]);
  return ref;
}

/** The workspace as an IDE: tree, editor tabs, side panel, test output; one column on phones. */
export function WorkspaceFrame(props: WorkspaceFrameProps) {
  const { t } = useTranslation('workspace');
  // Read at once (not in an effect): the editor would otherwise mount twice on wide screens.
  const wide = useMediaQuery(WIDE, undefined, { getInitialValueInEffect: false });
  const { ref, height } = useFillHeight(wide);
  const tabListRef = useSelectedTabInView(!wide, props.tab);
  const [treeWidth, setTreeWidth] = useTreeWidth();
  const [quickOpen, setQuickOpen] = useState(false);
  const [drawer, setDrawer] = useState(false);
  const { files, tab, onTabChange } = props;

  const open = (name: string) => {
    props.onSelectFile(name);
    if (!wide) {
      setDrawer(false);
      onTabChange('code');
    }
  };
  useWorkspaceShortcuts({
    save: props.onSave,
    runTests: props.onRunTests,
    quickOpen: () => setQuickOpen(true),
    switchFile: (step) => open(files.neighbour(step)),
  });

  const tree = (
    <FileList
      projectName={props.project.name}
      branch={props.project.branch}
      fileNames={props.fileNames}
      selected={files.selected}
      unsaved={props.unsaved}
      onSelect={open}
      marks={props.marks}
      editing={props.editing}
    />
  );
  const editor = (
    <>
      <EditorTabs
        openFiles={files.openFiles}
        selected={files.selected}
        unsaved={props.unsaved}
        onSelect={open}
        onClose={files.close}
      />
      <div className={classes.codeSlot}>{props.code}</div>
    </>
  );
  const sideTab = tab === 'code' && wide ? 'tasks' : tab;
  const panels = (
    <Tabs
      value={sideTab}
      onChange={(value) => value && onTabChange(value as WorkspaceTab)}
      keepMounted
      className={wide ? classes.sideTabs : undefined}
      // Four tabs in the side panel's width (28rem at 1280 px): a smaller tab, so they keep to
      // one row, and a label never breaks inside ("Ticket & context" stays whole).
      // On phones the sections keep to one row that scrolls sideways, like an editor's tabs
      // (wrapped, French and Spanish took three rows at 375 px). Its thin scrollbar is the cue
      // that more sections lie to the right (data-scroll-cue tells the route walk so).
      styles={{
        list: wide ? undefined : { flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'thin' },
        tab: wide
          ? { paddingInline: 6, fontSize: 'var(--mantine-font-size-sm)' }
          : { flex: '0 0 auto', paddingInline: 'var(--mantine-spacing-sm)' },
        tabLabel: { whiteSpace: 'nowrap' },
      }}
    >
      <Tabs.List
        ref={tabListRef}
        aria-label={t('tabs.label')}
        mb="md"
        data-scroll-cue={wide ? undefined : true}
      >
        <Tabs.Tab value="tasks">{t('tabs.tasks')}</Tabs.Tab>
        {wide ? null : <Tabs.Tab value="code">{t('tabs.code')}</Tabs.Tab>}
        <Tabs.Tab value="docs">{t('tabs.docs')}</Tabs.Tab>
        {props.assessment ? <Tabs.Tab value="assessment">{t('tabs.assessment')}</Tabs.Tab> : null}
        <Tabs.Tab value="context">{t('tabs.context')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="tasks">{props.tasks}</Tabs.Panel>
      {wide ? null : (
        <Tabs.Panel value="code">
          <Button variant="default" size="compact-sm" mb="xs" onClick={() => setDrawer(true)}>
            {t('ide.showFiles')}
          </Button>
          {editor}
        </Tabs.Panel>
      )}
      <Tabs.Panel value="docs">{props.docs}</Tabs.Panel>
      {props.assessment ? <Tabs.Panel value="assessment">{props.assessment}</Tabs.Panel> : null}
      <Tabs.Panel value="context">
        <WorkspaceSidebar context={props.project.context} ticket={props.project.ticket} />
      </Tabs.Panel>
    </Tabs>
  );

  return (
    <div
      ref={ref}
      className={classes.ide}
      data-wide={wide || undefined}
      style={height ? { height } : undefined}
    >
      <div className={classes.toolbar}>
        <div className={classes.header}>{props.header}</div>
        <Group gap="sm" wrap="nowrap" className={classes.toolbarEnd}>
          <TimeRemaining {...props.timer} />
          {wide ? <ShortcutsHelp /> : null}
        </Group>
      </div>
      {props.notices ? (
        // A scroll container (max-height, overflow: auto): focusable and named, so keyboard
        // users can reach and scroll it (axe scrollable-region-focusable).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
        <section className={classes.notices} aria-label={t('ide.notices')} tabIndex={0}>
          {props.notices}
        </section>
      ) : null}
      {wide ? (
        <div
          className={classes.body}
          style={{ gridTemplateColumns: `${treeWidth}px 8px minmax(0, 1fr) minmax(300px, 28rem)` }}
        >
          <div className={classes.pane}>{tree}</div>
          <TreeResizer width={treeWidth} onResize={setTreeWidth} />
          <section className={classes.center} aria-label={t('tabs.code')}>
            {editor}
            {props.tests ? <TestsPanel>{props.tests}</TestsPanel> : null}
          </section>
          <div className={classes.pane}>{panels}</div>
        </div>
      ) : (
        <>
          {panels}
          {/* Under every tab, so Run Tests is at hand whichever one is open. */}
          {props.tests ? <div className={classes.narrowTests}>{props.tests}</div> : null}
          <Drawer opened={drawer} onClose={() => setDrawer(false)} title={t('ide.filesDrawer')}>
            {tree}
          </Drawer>
        </>
      )}
      <QuickOpen
        opened={quickOpen}
        fileNames={props.fileNames}
        onClose={() => setQuickOpen(false)}
        onOpen={(name) => {
          setQuickOpen(false);
          open(name);
        }}
      />
    </div>
  );
}
