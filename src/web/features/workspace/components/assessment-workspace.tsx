import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Assessment } from '../../../../domain/assessments';
import type { SessionUser } from '../../../lib/session';
import { assessmentAnswersQuery } from '../../assessments';
import { TestRunsPanel, useRunTests, useTestRuns } from '../../test-runs';
import { workspaceAccess } from '../lib/access';
import { AssessmentPanel } from './assessment-panel';
import { DocumentationPanel } from './documentation-panel';
import { SubmitDialog } from './submit-dialog';
import { TasksPanel } from './tasks-panel';
import { useAnswerSync } from './use-file-sync';
import { useSubmission } from './use-submission';
import { useTaskToggles } from './use-task-toggles';
import { useTreeEditing } from './use-tree-editing';
import { useWorkspaceFiles } from './use-workspace-files';
import { hasNotices, WorkspaceActions, WorkspaceNotices } from './workspace-actions';
import { WorkspaceCode } from './workspace-code';
import { WorkspaceFrame, type WorkspaceTab } from './workspace-frame';
import { WorkspaceHeader } from './workspace-header';

const isReadme = (name: string) => name.toLowerCase() === 'readme.md';

/**
 * An assessment's workspace: its files (use-workspace-files), tree editing, tasks and
 * answers, test runs and submitting, laid out by WorkspaceFrame.
 */
export function AssessmentWorkspace({
  assessment,
  user,
}: {
  assessment: Assessment;
  user: SessionUser;
}) {
  const access = workspaceAccess(assessment, user);
  const project = useWorkspaceFiles(assessment, access);
  const { files, editable, tree, sync, fileNames, editorFiles } = project;
  const selectedFile = editorFiles.selected;
  const [tab, setTab] = useState<WorkspaceTab>('tasks');
  const editing = useTreeEditing(project, () => setTab('code'));

  const answers = useQuery({
    ...assessmentAnswersQuery(assessment.id),
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const answersEditable = access.canEditFiles && answers.isFetchedAfterMount;
  const answerSync = useAnswerSync(assessment.id, answers.data, answersEditable);

  const submission = useSubmission(assessment, access, project, answerSync);
  const tasks = useTaskToggles(assessment, submission.open);
  const testRuns = useTestRuns(assessment.id);
  const runTests = useRunTests(assessment.id);

  function selectFile(name: string) {
    // Switching files sends what is pending for the file being left at once.
    if (name !== selectedFile) void sync.flush(selectedFile);
    editorFiles.select(name);
  }

  const unsaved = new Set(fileNames.filter((name) => sync.view(name)?.dirty));
  const readmeName = fileNames.find(isReadme);
  const readme = readmeName
    ? (sync.view(readmeName)?.content ??
      files.data?.find((f) => f.fileName === readmeName)?.content ??
      null)
    : null;

  const answerTexts: Record<string, string> = {};
  for (const task of assessment.tasks) {
    const view = answerSync.view(task.id);
    if (view) answerTexts[task.id] = view.content;
  }

  const canRunTests = access.isCandidate ? editable : true;
  const beforeRun = access.isCandidate ? () => tree.flush().then(() => sync.flush()) : undefined;
  /** Ctrl/Cmd+Enter: what the Run Tests button does, when it is offered. */
  function runTestsNow() {
    if (!canRunTests || !testRuns.data?.runnable || runTests.isPending) return;
    if (testRuns.data.runs.some((r) => r.status === 'queued' || r.status === 'running')) return;
    void (beforeRun?.() ?? Promise.resolve()).then(() => runTests.mutate());
  }

  return (
    <>
      <WorkspaceFrame
        header={
          <WorkspaceHeader
            title={assessment.title}
            description={[assessment.roleName, assessment.companyName].filter(Boolean).join(' · ')}
          >
            <WorkspaceActions
              assessment={assessment}
              access={access}
              allDone={tasks.allDone}
              togglingAll={tasks.pending === 'all'}
              toggleDisabled={assessment.tasks.length === 0 || tasks.pending !== null}
              onToggleAll={tasks.toggleEvery}
              onSubmit={submission.open}
            />
          </WorkspaceHeader>
        }
        notices={
          hasNotices(assessment) ? (
            <WorkspaceNotices assessment={assessment} access={access} />
          ) : null
        }
        project={assessment.project}
        fileNames={fileNames}
        files={editorFiles}
        unsaved={unsaved}
        onSelectFile={selectFile}
        marks={project.marks}
        editing={editing}
        tab={tab}
        onTabChange={setTab}
        tasks={
          <TasksPanel
            tasks={assessment.tasks}
            canEdit={access.canEditTasks}
            pending={tasks.pending}
            error={tasks.error}
            onToggle={tasks.toggle}
            answers={{
              view: (taskId) => answerSync.view(taskId),
              editable: answersEditable,
              onChange: (taskId, text) => answerSync.edit(taskId, text),
            }}
          />
        }
        code={<WorkspaceCode access={access} project={project} />}
        docs={<DocumentationPanel readme={readme} />}
        assessment={<AssessmentPanel assessment={assessment} />}
        tests={
          // Test runs feature: the candidate runs the visible tests; a reviewer adds the hidden ones.
          <TestRunsPanel
            assessmentId={assessment.id}
            canRun={canRunTests}
            beforeRun={beforeRun}
            reviewer={!access.isCandidate}
          />
        }
        timer={{
          startedAt: assessment.startedAt,
          durationHours: assessment.durationHours,
          completed: assessment.status === 'completed',
        }}
        onSave={
          editable
            ? () => void tree.flush().then(() => Promise.all([sync.flush(), answerSync.flush()]))
            : undefined
        }
        onRunTests={runTestsNow}
      />
      <SubmitDialog
        opened={submission.confirming}
        tasks={assessment.tasks}
        answers={answerTexts}
        submitting={submission.submitting}
        error={submission.error}
        onCancel={submission.cancel}
        onConfirm={() => void submission.confirm()}
      />
    </>
  );
}
