import { useTranslation } from 'react-i18next';
import './compose-styles';
import { Stack } from '@mantine/core';
import { Navigate, useSearchParams } from 'react-router';
import { useSessionState } from '../../../lib/session';
import { LoadingText } from '../../../ui/loading-text';
import { useAssessmentConversation } from '../api/conversations';
import { requestedRecipientIds } from '../lib/compose-recipients';
import { ComposeForm } from './compose-form';
import { ComposeHeader } from './compose-header';

/**
 * /messages/new: a new conversation, optionally prefilled by `?to=` and `?subject=`. With
 * `?assessment=` (Message Recruiter / Message Candidate) the conversation already started
 * about that assessment opens instead, and a new one is linked to it.
 */
export function ComposeScreen() {
  const { t } = useTranslation('messaging');
  const session = useSessionState();
  const [params] = useSearchParams();
  const isCandidate = session.status === 'signed-in' && session.user.role === 'candidate';
  const assessmentId = params.get('assessment')?.slice(0, 100) || null;
  const existing = useAssessmentConversation(assessmentId);
  if (assessmentId && existing.isPending) return <LoadingText text={t('loadingConversation')} />;
  const conversationId = existing.data?.conversationId;
  if (conversationId) {
    return <Navigate replace to={`/messages/conversation/${encodeURIComponent(conversationId)}`} />;
  }
  return (
    <Stack gap="lg">
      <ComposeHeader />
      {/* A new link to the compose screen (another ?to=) starts a fresh form. */}
      <ComposeForm
        key={params.toString()}
        asCheckboxes={isCandidate}
        requestedIds={requestedRecipientIds(params.getAll('to'))}
        initialSubject={params.get('subject') ?? ''}
        assessmentId={existing.isSuccess ? (assessmentId ?? undefined) : undefined}
      />
    </Stack>
  );
}
