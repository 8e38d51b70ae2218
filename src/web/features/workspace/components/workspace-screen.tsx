import { useTranslation } from 'react-i18next';
// Styles of the Mantine components only this screen uses (see app/providers.tsx).
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
// SegmentedControl's indicator is a FloatingIndicator: without its styles (top: 0, left: 0)
// the highlight sits the control's padding off its segment.
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Typography.css';
import '@mantine/core/styles/Spoiler.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Kbd.css';
import '@mantine/core/styles/Table.css';
import { Button, Stack } from '@mantine/core';
import type { TFunction } from 'i18next';
import { Link, useParams } from 'react-router';
import { ApiError, errorMessage, isRefusal } from '../../../api/http';
import { type SessionUser, useSessionState } from '../../../lib/session';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import { useAssessment } from '../../assessments';
import { workspaceAccess } from '../lib/access';
import { AssessmentWorkspace } from './assessment-workspace';
import { preloadEditor } from './code-panel';
import { PreviewWorkspace } from './preview-workspace';
import { StartScreen } from './start-screen';

// Start fetching the editor's chunk with this screen's, not when the Code Editor tab opens.
preloadEditor();

/** 403 and 404 have the spec's own texts; anything else says what the server said. */
function loadErrorText(error: unknown, t: TFunction<'workspace'>): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return t('screen.noPermission');
    if (error.status === 404) return t('screen.notFound');
    if (error.status > 0 && error.message) {
      return t('screen.loadErrorWith', { message: errorMessage(error) });
    }
  }
  return t('screen.loadError');
}

function listFor(user: SessionUser) {
  if (user.role === 'recruiter') return '/recruiter';
  if (user.role === 'admin') return '/admin';
  return '/assessments';
}

function AssessmentLoader({ id, user }: { id: string; user: SessionUser }) {
  const { t } = useTranslation('workspace');
  const { data, error, isPending, refetch, isFetching } = useAssessment(id);
  if (isPending) {
    return (
      <>
        <PageHeader title={t('screen.title')} />
        <LoadingText text={t('screen.loading')} />
      </>
    );
  }
  if (!data) {
    const retryable = !isRefusal(error);
    return (
      <>
        <PageHeader title={t('screen.title')} />
        <Stack gap="md" align="flex-start">
          <FormError>{loadErrorText(error, t)}</FormError>
          {retryable ? (
            <Button variant="default" onClick={() => void refetch()} loading={isFetching}>
              {t('retry')}
            </Button>
          ) : null}
          <Button component={Link} to={listFor(user)} variant="default">
            {t('actions.back')}
          </Button>
        </Stack>
      </>
    );
  }
  // Not started: the start screen, whose button starts the clock; started: the workspace.
  const access = workspaceAccess(data, user);
  if (access.shouldStart) return <StartScreen assessment={data} backTo={access.backTo} />;
  return <AssessmentWorkspace assessment={data} user={user} />;
}

/** /assessment/:assessmentId?: the simulated project workspace (a preview without an id). */
export function WorkspaceScreen() {
  const { assessmentId } = useParams();
  const session = useSessionState();
  // RequireAuth renders this only once someone is signed in.
  if (session.status !== 'signed-in') return null;
  if (!assessmentId) return <PreviewWorkspace listHref={listFor(session.user)} />;
  // Keyed: another assessment gets a fresh workspace (its own file sync, tabs and timers).
  return <AssessmentLoader key={assessmentId} id={assessmentId} user={session.user} />;
}
