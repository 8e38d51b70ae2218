import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DURATION_HOURS } from '../../../../domain/assessments';
import { DEFAULT_PROJECT } from '../../../../domain/sample-project';
import { PageHeader } from '../../../ui/page-header';
import { CodePanel } from './code-panel';
import { DocumentationPanel } from './documentation-panel';
import { PreviewTasksPanel } from './tasks-panel';
import { WorkspaceFrame, type WorkspaceTab } from './workspace-frame';

const NO_UNSAVED: ReadonlySet<string> = new Set();

/** /assessment without an id: the default sample project, read-only, nothing to save. */
export function PreviewWorkspace({ listHref }: { listHref: string }) {
  const { t } = useTranslation('workspace');
  const files = DEFAULT_PROJECT.files;
  const [selectedFile, setSelectedFile] = useState(files[0]?.path ?? '');
  const [tab, setTab] = useState<WorkspaceTab>('tasks');
  const file = files.find((f) => f.path === selectedFile);
  const readme = files.find((f) => f.path.toLowerCase() === 'readme.md')?.content ?? null;

  return (
    <>
      <PageHeader title={t('screen.title')} description={t('preview.description')} />
      <WorkspaceFrame
        project={DEFAULT_PROJECT}
        fileNames={files.map((f) => f.path)}
        selectedFile={selectedFile}
        unsaved={NO_UNSAVED}
        onSelectFile={(name) => {
          setSelectedFile(name);
          setTab('code');
        }}
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
    </>
  );
}
