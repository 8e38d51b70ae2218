import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DURATION_HOURS } from '../../../../domain/assessments';
import { DEFAULT_PROJECT } from '../../../../domain/sample-project';
import { CodePanel } from './code-panel';
import { DocumentationPanel } from './documentation-panel';
import { PreviewTasksPanel } from './tasks-panel';
import { useOpenFiles } from './use-open-files';
import { WorkspaceFrame, type WorkspaceTab } from './workspace-frame';
import { WorkspaceHeader } from './workspace-header';

const NO_UNSAVED: ReadonlySet<string> = new Set();

/** /assessment without an id: the default sample project, read-only, nothing to save. */
export function PreviewWorkspace({ listHref }: { listHref: string }) {
  const { t } = useTranslation('workspace');
  const files = DEFAULT_PROJECT.files;
  const fileNames = files.map((f) => f.path);
  const editorFiles = useOpenFiles(fileNames, files[0]?.path ?? '');
  const selectedFile = editorFiles.selected;
  const [tab, setTab] = useState<WorkspaceTab>('tasks');
  const file = files.find((f) => f.path === selectedFile);
  const readme = files.find((f) => f.path.toLowerCase() === 'readme.md')?.content ?? null;

  return (
    <WorkspaceFrame
      header={<WorkspaceHeader title={t('screen.title')} description={t('preview.description')} />}
      project={DEFAULT_PROJECT}
      fileNames={fileNames}
      files={editorFiles}
      unsaved={NO_UNSAVED}
      onSelectFile={editorFiles.select}
      tab={tab}
      onTabChange={setTab}
      tasks={
        <PreviewTasksPanel
          listHref={listHref}
          listLabel={
            listHref === '/assessments' ? t('preview.toAssessments') : t('preview.toDashboard')
          }
        />
      }
      code={
        <CodePanel
          fileName={selectedFile}
          content={file?.content ?? ''}
          revision={0}
          readOnly
          readOnlyReason={t('readOnly.preview')}
          status="idle"
          error={null}
        />
      }
      docs={<DocumentationPanel readme={readme} />}
      timer={{ startedAt: null, durationHours: DEFAULT_DURATION_HOURS, completed: false }}
    />
  );
}
