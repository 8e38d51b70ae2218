import '../styles';
import { Anchor, Button, Group, Modal, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  CANDIDATE_STAGE_LABELS,
  type CandidateApplication,
  JOB_TEXTS,
  mayWithdraw,
} from '../../../../domain/jobs';
import { errorMessage } from '../../../api/http';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import { CandidateInterviewPanel } from '../../interviews/components/candidate-interview';
import { notifySuccess } from '../../recruiter/lib/notify';
import { useMyApplications, useWithdraw } from '../api/applications';
import { AssessmentSummary } from './assessment-summary';
import { InvitationsSection } from './invitations-section';
import { formatDate, formatDateTime, StageBadge } from './job-badges';

/** My Applications (/candidate/applications): status, timeline, assessments, withdraw, message. */
export function MyApplicationsScreen() {
  const apps = useMyApplications();
  const [withdrawing, setWithdrawing] = useState<CandidateApplication | null>(null);
  return (
    <>
      <PageHeader title="My Applications" description="Where each of your applications stands." />
      <InvitationsSection />
      {apps.isPending ? <LoadingText text={JOB_TEXTS.loadingApplications} /> : null}
      {apps.isError ? <FormError>{errorMessage(apps.error)}</FormError> : null}
      {apps.data?.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text>{JOB_TEXTS.noMyApplications}</Text>
          <Anchor component={Link} to="/candidate/jobs">
            Browse Jobs
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
  const subject = `My application: ${app.jobTitle}`;
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      radius="md"
      component="article"
      aria-label={`Application: ${app.jobTitle}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Group gap="xs" wrap="wrap">
              <Title order={2} fz="lg">
                <Anchor component={Link} to={`/candidate/jobs/${app.jobId}`} inherit>
                  {app.jobTitle}
                </Anchor>
              </Title>
              <StageBadge stage={app.stage} candidate />
            </Group>
            <Text size="sm" c="dimmed">
              {app.companyName || app.recruiterName} · applied {formatDate(app.createdAt)}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button
              component={Link}
              to={`/messages/new?to=${encodeURIComponent(app.recruiterId)}&subject=${encodeURIComponent(subject)}`}
              variant="default"
              size="xs"
            >
              Message Recruiter
            </Button>
            {mayWithdraw(app.stage) ? (
              <Button variant="outline" color="red.9" size="xs" onClick={onWithdraw}>
                Withdraw
              </Button>
            ) : null}
          </Group>
        </Group>
        <CandidateInterviewPanel applicationId={app.id} />
        {app.assessment ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Assessment
            </Text>
            <AssessmentSummary assessment={app.assessment} />
          </Stack>
        ) : null}
        <Timeline
          active={app.timeline.length - 1}
          bulletSize={14}
          lineWidth={2}
          aria-label="Timeline"
        >
          {app.timeline.map((e) => (
            <Timeline.Item key={e.id} title={CANDIDATE_STAGE_LABELS[e.toStage]}>
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
  const withdraw = useWithdraw();
  return (
    <Modal
      opened={app !== null}
      onClose={onClose}
      title="Withdraw application"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {app ? (
        <Stack gap="md">
          <Text>
            Withdraw your application for <strong>{app.jobTitle}</strong>? You cannot apply to this
            job again.
          </Text>
          {withdraw.isError ? <FormError>{errorMessage(withdraw.error)}</FormError> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={withdraw.isPending}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={withdraw.isPending}
              onClick={() =>
                withdraw.mutate(app.id, {
                  onSuccess: () => {
                    notifySuccess('Application withdrawn', `${app.jobTitle}: withdrawn.`);
                    onClose();
                  },
                })
              }
            >
              Withdraw
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
