import './compose-styles';
import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useSessionState } from '../../../lib/session';
import { requestedRecipientIds } from '../lib/compose-recipients';
import { ComposeForm } from './compose-form';
import { ComposeHeader } from './compose-header';

/** /messages/new: a new conversation, optionally prefilled by `?to=` and `?subject=`. */
export function ComposeScreen() {
  const session = useSessionState();
  const [params] = useSearchParams();
  const isCandidate = session.status === 'signed-in' && session.user.role === 'candidate';
  return (
    <Stack gap="lg">
      <ComposeHeader />
      {/* A new link to the compose screen (another ?to=) starts a fresh form. */}
      <ComposeForm
        key={params.toString()}
        asCheckboxes={isCandidate}
        requestedIds={requestedRecipientIds(params.getAll('to'))}
        initialSubject={params.get('subject') ?? ''}
      />
    </Stack>
  );
}
