import '../styles';
import { Anchor, Button, Group, Modal, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type CandidateApplication, mayWithdraw } from '../../../../domain/jobs';
import { errorMessage } from '../../../api/http';
import { notifySuccess } from '../../../lib/notify';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import { CandidateInterviewPanel } from '../../interviews';
import { AdHocPads } from '../../pads';
import { useMyApplications, useWithdraw } from '../api/applications';
import { AssessmentSummary } from './assessment-summary';
import { InvitationsSection } from './invitations-section';
import { formatDate, formatDateTime, StageBadge } from './job-badges';

/** My Applications (/candidate/applications): status, timeline, assessments, withdraw, message. */
export function MyApplicationsScreen() {
  const { t } = useTranslation('jobs');
  const apps = useMyApplications();
  const [withdrawing, setWithdrawing] = useState<CandidateApplication | null>(null);
  return (
    <>
      <PageHeader title={t('mine.title')} description={t('mine.description')} />
      <InvitationsSection />
      {apps.isPending ? <LoadingText text={t('loading.applications')} /> : null}
      {apps.isError ? <FormError>{errorMessage(apps.error)}</FormError> : null}
      {apps.data?.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text>{t('empty.myApplications')}</Text>
          <Anchor component={Link} to="/candidate/jobs">
            {t('browse.title')}
          </Anchor>
        </Paper>
      ) : null}
      <Stack gap="md">
        {apps.data?.map((a) => (
          <ApplicationCard key={a.id} app={a} onWithdraw={() => setWithdrawing(a)} />
        ))}
      </Stack>
      <WithdrawModal app={withdrawing} onClose={() => setWithdrawing(null)} />
    </>
  );
}

function ApplicationCard({
  app,
  onWithdraw,
}: {
  app: CandidateApplication;
  onWithdraw: () => void;
}) {
  const { t } = useTranslation('jobs');
  const subject = t('mine.subject', { title: app.jobTitle });
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      radius="md"
      component="article"
      aria-label={t('mine.cardLabel', { title: app.jobTitle })}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Group gap="xs" wrap="wrap">
              <Title order={2} fz="lg">
                <Anchor
                  component={Link}
                  to={`/candidate/jobs/${app.jobId}`}
                  inherit
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {app.jobTitle}
                </Anchor>
              </Title>
              <StageBadge stage={app.stage} candidate />
            </Group>
            <Text size="sm" c="dimmed">
              {t('mine.appliedLine', {
                from: app.companyName || app.recruiterName,
                date: formatDate(app.createdAt),
              })}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button
              component={Link}
              to={`/messages/new?to=${encodeURIComponent(app.recruiterId)}&subject=${encodeURIComponent(subject)}`}
              variant="default"
              size="xs"
            >
              {t('mine.messageRecruiter')}
            </Button>
            {mayWithdraw(app.stage) ? (
              <Button variant="outline" color="red.9" size="xs" onClick={onWithdraw}>
                {t('mine.withdraw')}
              </Button>
            ) : null}
          </Group>
        </Group>
        <CandidateInterviewPanel applicationId={app.id} />
        {/* An ad hoc pad comes with the interview stage: only then is it asked for. */}
        {app.stage === 'interview' ? <AdHocPads applicationId={app.id} team={false} /> : null}
        {app.assessment ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('assessment')}
            </Text>
            <AssessmentSummary assessment={app.assessment} />
          </Stack>
        ) : null}
        <Timeline
          active={app.timeline.length - 1}
          bulletSize={14}
          lineWidth={2}
          aria-label={t('mine.timeline')}
        >
          {app.timeline.map((e) => (
            <Timeline.Item key={e.id} title={t(`candidateStage.${e.toStage}`)}>
              <Text size="xs" c="dimmed">
                {formatDateTime(e.at)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    </Paper>
  );
}

function WithdrawModal({
  app,
  onClose,
}: {
  app: CandidateApplication | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('jobs');
  const withdraw = useWithdraw();
  return (
    <Modal
      opened={app !== null}
      onClose={onClose}
      title={t('mine.withdrawTitle')}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {app ? (
        <Stack gap="md">
          <Text>
            <Trans
              t={t}
              i18nKey="mine.withdrawConfirm"
              values={{ title: app.jobTitle }}
              components={{ strong: <strong /> }}
            />
          </Text>
          {withdraw.isError ? <FormError>{errorMessage(withdraw.error)}</FormError> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={withdraw.isPending}>
              {t('cancel')}
            </Button>
            <Button
              color="red"
              loading={withdraw.isPending}
              onClick={() =>
                withdraw.mutate(app.id, {
                  onSuccess: () => {
                    notifySuccess(
                      t('toast.withdrawn'),
                      t('toast.withdrawnText', { title: app.jobTitle }),
                    );
                    onClose();
                  },
                })
              }
            >
              {t('mine.withdraw')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
