import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Invitation, invitationHref } from '../../../../domain/invitations';
import { errorMessage } from '../../../api/http';
import { FormError } from '../../../ui/form-error';
import { useMyInvitations } from '../api/invitations';
import { formatDate } from './job-badges';

/** My Applications' "Invited to apply": invitations the candidate has not acted on yet. */
export function InvitationsSection() {
  const { t } = useTranslation('jobs');
  const invitations = useMyInvitations();
  if (invitations.isError) return <FormError>{errorMessage(invitations.error)}</FormError>;
  const pending = (invitations.data ?? []).filter((i) => !i.applied);
  if (pending.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="invited-heading" mb="lg">
      <Title order={2} fz="lg" id="invited-heading">
        {t('invitations.heading')}
      </Title>
      {pending.map((i) => (
        <InvitationCard key={i.id} invitation={i} />
      ))}
    </Stack>
  );
}

function InvitationCard({ invitation: i }: { invitation: Invitation }) {
  const { t } = useTranslation('jobs');
  const from = i.companyName ? `${i.recruiterName} (${i.companyName})` : i.recruiterName;
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      radius="md"
      component="article"
      aria-label={t('invitations.cardLabel', { title: i.jobTitle })}
    >
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          {i.jobOpen ? (
            <Anchor
              component={Link}
              to={invitationHref(i.jobId)}
              fw={600}
              style={{ overflowWrap: 'anywhere' }}
            >
              {i.jobTitle}
            </Anchor>
          ) : (
            <Text fw={600}>{i.jobTitle}</Text>
          )}
          {i.readAt === null ? (
            <Badge color="blue.9" variant="filled">
              {t('new')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {t('invitations.invitedOn', { from, date: formatDate(i.createdAt) })}
        </Text>
        {i.message ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {t('quoted', { text: i.message })}
          </Text>
        ) : null}
        {i.jobOpen ? (
          <Anchor component={Link} to={invitationHref(i.jobId)} size="sm">
            {t('invitations.viewAndApply')}
          </Anchor>
        ) : (
          <Text size="sm">{t('invitations.jobClosed')}</Text>
        )}
      </Stack>
    </Paper>
  );
}
