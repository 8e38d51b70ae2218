import { Box, Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Assessment, deadlineMs, type Task } from '../../../../domain/assessments';
import { newPathProblem, renameProblem } from '../../../../domain/project-paths';
import { errorMessage } from '../../../api/http';
import { translateMessage } from '../../../lib/messages';
import type { SessionUser } from '../../../lib/session';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import {
  assessmentAnswersQuery,
  assessmentFilesQuery,
  useSetTaskCompleted,
  useSubmitAssessment,
  useToggleAllTasks,
} from '../../assessments';
import { AutomatedFeedbackView } from '../../automated-feedback';
import { TestRunsPanel, useRunTests, useTestRuns } from '../../test-runs';
import { workspaceAccess } from '../lib/access';
import { messageRecruiterHref } from '../lib/message-href';
import { applyChanges } from '../lib/tree-sync';
import { AssessmentPanel } from './assessment-panel';
import { CodePanel } from './code-panel';
import { DocumentationPanel } from './documentation-panel';
import type { TreeEditing } from './file-list';
import { SubmissionBanner } from './submission-banner';
import { SubmitDialog } from './submit-dialog';
import { TasksPanel } from './tasks-panel';
import { useAnswerSync, useFileSync } from './use-file-sync';
import { useOpenFiles } from './use-open-files';
import { usePlaybackRecorder } from './use-playback-recorder';
import { useTreeSync } from './use-tree-sync';
import { WorkspaceFrame, type WorkspaceTab } from './workspace-frame';
import { WorkspaceHeader } from './workspace-header';

const isReadme = (name: string) => name.toLowerCase() === 'readme.md';

export function AssessmentWorkspace({
  assessment,
  user,
}: {
  assessment: Assessment;
  user: SessionUser;
}) {
  const { t } = useTranslation('workspace');
  const access = workspaceAccess(assessment, user);
  const canEditTasks = access.canEditTasks;

  // Always ask the server when the workspace opens: cached text may be older than the last
  // save made elsewhere, and an edit made on top of it would win by its newer timestamp.
  const files = useQuery({
    ...assessmentFilesQuery(assessment.id),
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const filesFresh = files.isFetchedAfterMount;
  const editable = access.canEditFiles && filesFresh;
  // Creates, renames and deletes (issue 24): kept and sent like edits; files wait for them.
  const syncRef = useRef<{ flush: () => Promise<void> } | null>(null);
  const recorderRef = useRef<{ retryFailed: () => void } | null>(null);
  // Once the tree's changes are through, the files' texts, then their recordings, may go.
  const tree = useTreeSync(assessment.id, () => {
    void syncRef.current?.flush();
    recorderRef.current?.retryFailed();
  });
  const pendingChanges = tree.pending();
  const projected = useMemo(
    () => (files.data ? applyChanges(files.data, pendingChanges) : undefined),
    [files.data, pendingChanges],
  );
  const sync = useFileSync(assessment.id, projected, editable, () => tree.hasPending());
  syncRef.current = sync;
  const recorder = usePlaybackRecorder(assessment.id, sync, editable, !access.canEditFiles, () =>
    tree.hasPending(),
  );
  recorderRef.current = recorder;

  // The candidate sees the project as changed; reviewers also see the files deleted.
  const listed = access.isCandidate ? projected : files.data;
  const fileNames = listed?.map((f) => f.fileName) ?? assessment.project.fileNames;
  const marks = new Map(
    (listed ?? []).map((f) => [
      f.fileName,
      { change: f.change ?? null, renamedFrom: f.renamedFrom ?? null, protected: f.protected },
    ]),
  );
  const editorFiles = useOpenFiles(fileNames, assessment.project.fileNames[0] ?? '');
  const selectedFile = editorFiles.selected;
  const protectedNow = new Set((listed ?? []).filter((f) => f.protected).map((f) => f.fileName));
  const rules = { hidden: [], visibleTests: [...protectedNow], candidatesMayEditTests: false };
  /** A file or folder renamed or moved: its texts, the change and the file shown follow. */
  const rename = (from: string, to: string) => {
    sync.move(from, to);
    tree.add({ op: 'rename', path: from, to, editedAt: Date.now() });
    editorFiles.rename(from, to);
  };
  const editing: TreeEditing | undefined = editable
    ? {
        check: (path, ignore) => {
          const livePaths = fileNames.filter((n) => n !== ignore);
          const problem = newPathProblem(livePaths, path, rules);
          return problem === null ? null : translateMessage(problem);
        },
        checkRename: (from, to) => {
          const problem = renameProblem(fileNames, from, to, rules);
          return problem === null ? null : translateMessage(problem);
        },
        onCreate: (path) => {
          const editedAt = Date.now();
          sync.create(path, '', editedAt);
          tree.add({ op: 'create', path, content: '', editedAt });
          editorFiles.select(path);
          setTab('code');
        },
        onRename: (from, to) => {
          if (from === to) return;
          rename(from, to);
          const id = `renamed-${from}`;
          notifications.show({
            id,
            title: t('files.renamed', { from, to }),
            message: (
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => {
                  rename(to, from);
                  notifications.hide(id);
                }}
              >
                {t('files.undo')}
              </Button>
            ),
            autoClose: 8000,
          });
        },
        onDelete: (path) => {
          const content = sync.view(path)?.content ?? '';
          sync.drop(path);
          tree.add({ op: 'delete', path, editedAt: Date.now() });
          notifications.show({
            id: `deleted-${path}`,
            title: t('files.deleted', { path }),
            message: (
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => {
                  const editedAt = Date.now();
                  sync.create(path, content, editedAt);
                  tree.add({ op: 'create', path, content, editedAt });
                  notifications.hide(`deleted-${path}`);
                }}
              >
                {t('files.undo')}
              </Button>
            ),
            autoClose: 8000,
          });
        },
      }
    : undefined;
  const [tab, setTab] = useState<WorkspaceTab>('tasks');

  const answers = useQuery({
    ...assessmentAnswersQuery(assessment.id),
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const answersEditable = access.canEditFiles && answers.isFetchedAfterMount;
  const answerSync = useAnswerSync(assessment.id, answers.data, answersEditable);

  const setTask = useSetTaskCompleted();
  const toggleAll = useToggleAllTasks();
  const submit = useSubmitAssessment();
  const testRuns = useTestRuns(assessment.id);
  const runTests = useRunTests(assessment.id);
  const [taskError, setTaskError] = useState<string | null>(null);
  // Set in the click itself, so the box shows its new state at once (and keeps it while
  // the server answers); cleared when the change settles.
  const [pending, setPending] = useState<{ taskId: string; completed: boolean } | 'all' | null>(
    null,
  );
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);

  const allDone = assessment.tasks.length > 0 && assessment.tasks.every((t) => t.completed);

  const settle = {
    onError: (error: Error) => setTaskError(errorMessage(error)),
    onSettled: () => setPending(null),
  };

  function onToggleTask(task: Task, completed: boolean) {
    setTaskError(null);
    setPending({ taskId: task.id, completed });
    setTask.mutate({ id: assessment.id, taskId: task.id, completed }, settle);
  }

  /** The spec's toggle for the tasks; marking all complete then offers the Submit step. */
  function onToggleAll() {
    setTaskError(null);
    setPending('all');
    const completing = !allDone;
    toggleAll.mutate(assessment.id, {
      ...settle,
      onSuccess: () => {
        if (completing) openSubmit();
      },
    });
  }

  function openSubmit() {
    setSubmitError(null);
    setConfirming(true);
  }

  /** Every edit of files and answers on the server first: submitting makes them read-only. */
  async function everythingSaved(): Promise<boolean> {
    await tree.flush();
    await Promise.all([sync.flush(), answerSync.flush()]);
    // The playback's events too (after the text, which they are checked against).
    const recorded = (await recorder?.flushAll()) ?? true;
    return !tree.hasPending() && !sync.hasPending() && !answerSync.hasPending() && recorded;
  }

  async function confirmSubmit() {
    setSubmitError(null);
    setSubmitting(true);
    if (!(await everythingSaved())) {
      setSubmitting(false);
      setSubmitError(t('submit.unsaved'));
      return;
    }
    submit.mutate(assessment.id, {
      onSuccess: () => setConfirming(false),
      onError: (error) => setSubmitError(errorMessage(error)),
      onSettled: () => setSubmitting(false),
    });
  }

  // The timer running out submits what is there (the server does the same on its side).
  const deadline = access.canSubmit
    ? deadlineMs(assessment.startedAt, assessment.durationHours)
    : null;
  const latest = useRef({ everythingSaved, submit: submit.mutate });
  latest.current = { everythingSaved, submit: submit.mutate };
  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setTimeout(
      () => {
        void latest.current.everythingSaved().finally(() => {
          latest.current.submit(assessment.id, { onError: () => {} });
        });
      },
      Math.max(0, deadline - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [deadline, assessment.id]);

  function selectFile(name: string) {
    // Switching files sends what is pending for the file being left at once.
    if (name !== selectedFile) void sync.flush(selectedFile);
    editorFiles.select(name);
  }

  const unsaved = new Set(fileNames.filter((name) => sync.view(name)?.dirty));
  const doc = sync.view(selectedFile);
  const readmeName = fileNames.find(isReadme);
  const readme = readmeName
    ? (sync.view(readmeName)?.content ??
      files.data?.find((f) => f.fileName === readmeName)?.content ??
      null)
    : null;

  let code: React.ReactNode;
  if (files.isPending || (!filesFresh && files.isFetching)) {
    code = <LoadingText text={t('files.loading')} />;
  } else if (!files.data) {
    code = (
      <Stack gap="sm" align="flex-start">
        <FormError>{t('files.loadError', { message: errorMessage(files.error) })}</FormError>
        <Button variant="default" onClick={() => void files.refetch()}>
          {t('retry')}
        </Button>
      </Stack>
    );
  } else if (!doc) {
    code = <LoadingText text={t('files.loading')} />;
  } else {
    code = (
      <CodePanel
        fileName={selectedFile}
        content={doc.content}
        revision={doc.revision}
        readOnly={!editable || protectedNow.has(selectedFile)}
        readOnlyReason={
          protectedNow.has(selectedFile) && editable
            ? t('readOnly.protected')
            : access.readOnlyReason && t(`readOnly.${access.readOnlyReason}`)
        }
        status={doc.status}
        error={doc.error}
        onChange={editable ? (name, text) => sync.edit(name, text) : undefined}
        recorder={editable ? recorder : null}
      />
    );
  }

  const answerTexts: Record<string, string> = {};
  for (const task of assessment.tasks) {
    const view = answerSync.view(task.id);
    if (view) answerTexts[task.id] = view.content;
  }

  const hasNotices = assessment.status === 'completed' || assessment.reviewedAt !== null;
  const notices = hasNotices ? (
    <>
      <SubmissionBanner assessment={assessment} isCandidate={access.isCandidate} />
      {access.isCandidate && assessment.reviewedAt ? (
        // Shown with the score when the admin shares it (the server decides, and what).
        <Box mb="md">
          <AutomatedFeedbackView
            key={assessment.reviewedAt}
            assessmentId={assessment.id}
            headingOrder={2}
            hideWhenUnavailable
          />
        </Box>
      ) : null}
    </>
  ) : null;

  const messageHref = messageRecruiterHref(
    assessment,
    t('actions.messageSubject', { title: assessment.title }),
  );

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
            <Group gap="xs" wrap="wrap">
              <Button component={Link} to={access.backTo} variant="default" size="sm">
                {t('actions.back')}
              </Button>
              {access.canEditTasks ? (
                <Button
                  variant="default"
                  size="sm"
                  onClick={onToggleAll}
                  loading={pending === 'all'}
                  disabled={assessment.tasks.length === 0 || pending !== null}
                >
                  {allDone ? t('actions.markAllIncomplete') : t('actions.markAllComplete')}
                </Button>
              ) : null}
              {access.canSubmit ? (
                <Button size="sm" onClick={openSubmit}>
                  {t('actions.submit')}
                </Button>
              ) : null}
              {access.isCandidate ? (
                <Button component={Link} to={messageHref} variant="light" size="sm">
                  {t('actions.messageRecruiter')}
                </Button>
              ) : null}
            </Group>
          </WorkspaceHeader>
        }
        notices={notices}
        project={assessment.project}
        fileNames={fileNames}
        files={editorFiles}
        unsaved={unsaved}
        onSelectFile={selectFile}
        marks={marks}
        editing={editing}
        tab={tab}
        onTabChange={setTab}
        tasks={
          <TasksPanel
            tasks={assessment.tasks}
            canEdit={canEditTasks}
            pending={pending}
            error={taskError}
            onToggle={onToggleTask}
            answers={{
              view: (taskId) => answerSync.view(taskId),
              editable: answersEditable,
              onChange: (taskId, text) => answerSync.edit(taskId, text),
            }}
          />
        }
        code={code}
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
        opened={confirming}
        tasks={assessment.tasks}
        answers={answerTexts}
        submitting={submitting}
        error={submitError}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirmSubmit()}
      />
    </>
  );
}
