import { Alert, Anchor, Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { errorMessage } from '../../../api/http';
import { useSessionState } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { useInterviewPadLink } from './entry-api';

/**
 * /interviews/{id}/pad, the link in the interview's mails: opens the interview's pad, or
 * waits for it (the page follows as soon as the interviewer starts it).
 */
export function InterviewPadScreen() {
  const { t } = useTranslation('pad-sessions');
  usePageTitle(t('entry.title'));
  const { interviewId = '' } = useParams();
  const link = useInterviewPadLink(interviewId);
  const session = useSessionState();
  const home = session.user?.role === 'candidate' ? '/candidate' : '/recruiter';
  if (link.data?.pad)
    return <Navigate replace to={`/pads/${encodeURIComponent(link.data.pad.id)}`} />;
  return (
    <Container size="sm" py="lg">
      <Stack gap="md">
        <Title order={1} fz="h2" style={{ hyphens: 'auto', overflowWrap: 'break-word' }}>
          {t('entry.title')}
        </Title>
        {link.isPending ? <LoadingText text={t('entry.looking')} /> : null}
        {link.isError ? <FormError>{errorMessage(link.error)}</FormError> : null}
        {link.data ? (
          <Alert color="blue" title={t('entry.waitingTitle')} role="status">
            {t('entry.waiting')}
          </Alert>
        ) : null}
        <Anchor component={Link} to={home} size="sm">
          {t('entry.back')}
        </Anchor>
      </Stack>
    </Container>
  );
}
