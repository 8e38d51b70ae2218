import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FileList, type FileMark, type TreeEditing } from './file-list';
import classes from './workspace.module.css';
import { WorkspaceSidebar } from './workspace-sidebar';

export type WorkspaceTab = 'tasks' | 'code' | 'docs' | 'assessment';

type WorkspaceFrameProps = {
  project: { name: string; branch: string; context: string; ticket: string };
  fileNames: string[];
  selectedFile: string;
  unsaved: ReadonlySet<string>;
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
  timer: { startedAt: string | null; durationHours: number; completed: boolean };
};

const isTab = (value: string | null): value is WorkspaceTab =>
  value === 'tasks' || value === 'code' || value === 'docs' || value === 'assessment';

/** File list, the tabs and the sidebar: the same frame for an assessment and the preview. */
export function WorkspaceFrame({
  project,
  fileNames,
  selectedFile,
  unsaved,
  onSelectFile,
  marks,
  editing,
  tab,
  onTabChange,
  tasks,
  code,
  docs,
  assessment,
  timer,
}: WorkspaceFrameProps) {
  const { t } = useTranslation('workspace');
  return (
    <div className={classes.layout}>
      <div className={classes.files}>
        <FileList
          projectName={project.name}
          branch={project.branch}
          fileNames={fileNames}
          selected={selectedFile}
          unsaved={unsaved}
          onSelect={onSelectFile}
          marks={marks}
          editing={editing}
        />
      </div>
      <div className={classes.main}>
        {/* Panels stay mounted, so the editor keeps its state while another tab is open. */}
        <Tabs value={tab} onChange={(value) => isTab(value) && onTabChange(value)} keepMounted>
          <Tabs.List aria-label={t('tabs.label')} mb="md">
            <Tabs.Tab value="tasks">{t('tabs.tasks')}</Tabs.Tab>
            <Tabs.Tab value="code">{t('tabs.code')}</Tabs.Tab>
            <Tabs.Tab value="docs">{t('tabs.docs')}</Tabs.Tab>
            {assessment ? <Tabs.Tab value="assessment">{t('tabs.assessment')}</Tabs.Tab> : null}
          </Tabs.List>
          <Tabs.Panel value="tasks">{tasks}</Tabs.Panel>
          <Tabs.Panel value="code">{code}</Tabs.Panel>
          <Tabs.Panel value="docs">{docs}</Tabs.Panel>
          {assessment ? <Tabs.Panel value="assessment">{assessment}</Tabs.Panel> : null}
        </Tabs>
      </div>
      <div className={classes.side}>
        <WorkspaceSidebar context={project.context} ticket={project.ticket} {...timer} />
      </div>
    </div>
  );
}
