import {
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  type ApplicationDetail,
  JOB_TEXTS,
  MAX_NOTE,
  MOVE_TARGETS,
  type MoveTarget,
} from '../../../../domain/jobs';
import { errorMessage } from '../../../api/http';
import { translateMessage } from '../../../lib/messages';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { type Column, ResponsiveTable } from '../../../ui/responsive-table';
import { ApplicationInterviews } from '../../interviews';
import { resumeUrl, useAddNote, useApplication } from '../api/applications';
import { AssessmentSummary } from './assessment-summary';
import { formatDate, formatDateTime, READABLE, StageBadge } from './job-badges';

type Props = {
  applicationId: string | null;
  onClose: () => void;
  onMove: (app: ApplicationDetail, stage: MoveTarget) => void;
};

/** One application: cover letter, résumé, assessment, move, notes and the stage history. */
export function ApplicationDrawer({ applicationId, onClose, onMove }: Props) {
  const { t } = useTranslation('jobs');
  const app = useApplication(applicationId);
  return (
    <Drawer
      opened={applicationId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={app.data ? app.data.candidateName : t('drawer.title')}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {app.isPending && applicationId ? <LoadingText text={t('loading.application')} /> : null}
      {app.isError ? <FormError>{errorMessage(app.error)}</FormError> : null}
      {app.data ? <Details app={app.data} onMove={onMove} /> : null}
    </Drawer>
  );
}

function Details({ app, onMove }: { app: ApplicationDetail; onMove: Props['onMove'] }) {
  const { t } = useTranslation('jobs');
  const [stage, setStage] = useState<MoveTarget | null>(null);
  const subject = t('drawer.subject', { title: app.jobTitle });
  // A card per move on a phone: when, who, from and to all on screen (issue 31).
  const historyColumns: Column<ApplicationDetail['history'][number]>[] = [
    { key: 'when', header: t('drawer.col.when'), card: 'title', cell: (e) => formatDateTime(e.at) },
    { key: 'who', header: t('drawer.col.who'), cell: (e) => e.actorName },
    {
      key: 'from',
      header: t('drawer.col.from'),
      cell: (e) => (e.fromStage ? t(`stage.${e.fromStage}`) : '—'),
    },
    {
      key: 'to',
      header: t('drawer.col.to'),
      cell: (e) => (
        <>
          {t(`stage.${e.toStage}`)}
          {e.reason ? (
            <Text size="xs" c="dimmed">
              {e.reason}
            </Text>
          ) : null}
        </>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap">
        <StageBadge stage={app.stage} />
        <Text size="sm" c="dimmed">
          {t('drawer.appliedLine', {
            email: app.candidateEmail,
            date: formatDate(app.createdAt),
          })}
        </Text>
      </Group>
      {app.rejectionReason ? (
        <Text size="sm">
          <strong>{t('drawer.rejectionReason')}</strong> {app.rejectionReason}
        </Text>
      ) : null}
      <Group gap="sm" wrap="wrap">
        <Button
          component={Link}
          to={`/messages/new?to=${encodeURIComponent(app.candidateId)}&subject=${encodeURIComponent(subject)}`}
          variant="default"
          size="xs"
        >
          {t('drawer.messageCandidate')}
        </Button>
        {app.hasResume ? (
          <Button component="a" href={resumeUrl(app.id)} variant="default" size="xs">
            {app.resumeName
              ? t('drawer.downloadResumeNamed', { name: app.resumeName })
              : t('drawer.downloadResume')}
          </Button>
        ) : null}
        {app.hasResume && app.resumeTextStatus === 'unreadable' ? (
          <Text size="sm" c="dimmed">
            {t('drawer.resumeUnreadable')}
          </Text>
        ) : null}
        {app.hasResume ? null : (
          <Text size="sm" c="dimmed">
            {t('drawer.noResume')}
          </Text>
        )}
      </Group>
      {app.stage !== 'withdrawn' ? (
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select
            label={t('drawer.moveTo')}
            placeholder={t('chooseStage')}
            data={MOVE_TARGETS.filter((s) => s !== app.stage).map((s) => ({
              value: s,
              label: t(`stage.${s}`),
            }))}
            value={stage}
            onChange={(v) => setStage(v as MoveTarget | null)}
            w={200}
          />
          <Button disabled={!stage} onClick={() => stage && onMove(app, stage)}>
            {t('move.submit')}
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {translateMessage(JOB_TEXTS.withdrawn)}
        </Text>
      )}

      <Divider />
      <Title order={3} fz="md">
        {t('apply.coverLetter')}
      </Title>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {app.coverLetter}
      </Text>

      {app.assessment ? (
        <>
          <Divider />
          <Title order={3} fz="md">
            {t('assessment')}
          </Title>
          <AssessmentSummary assessment={app.assessment} recruiter />
        </>
      ) : null}

      <Divider />
      <ApplicationInterviews app={app} />

      <Divider />
      <Notes app={app} />

      <Divider />
      <Title order={3} fz="md">
        {t('drawer.history')}
      </Title>
      <ResponsiveTable
        rows={app.history}
        columns={historyColumns}
        rowKey={(e) => e.id}
        label={t('drawer.history')}
        breakpoint="48em"
        minWidth={420}
      />
    </Stack>
  );
}

function Notes({ app }: { app: ApplicationDetail }) {
  const { t } = useTranslation('jobs');
  const add = useAddNote();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {t('drawer.notes')}{' '}
        <Badge variant="light" styles={READABLE}>
          {app.notes.length}
        </Badge>
      </Title>
      {app.notes.map((n) => (
        <Paper key={n.id} withBorder p="xs" radius="sm">
          <Text size="xs" c="dimmed">
            {n.authorName} · {formatDateTime(n.at)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {n.body}
          </Text>
        </Paper>
      ))}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!body.trim()) {
            setError(translateMessage('Please write a note'));
            return;
          }
          setError(null);
          add.mutate({ id: app.id, body }, { onSuccess: () => setBody('') });
        }}
      >
        <Stack gap="xs">
          <Textarea
            label={t('drawer.addNote')}
            description={t('drawer.notesHint')}
            autosize
            minRows={2}
            maxLength={MAX_NOTE}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            error={error}
          />
          {add.isError ? <FormError>{errorMessage(add.error)}</FormError> : null}
          <Group justify="flex-end">
            <Button type="submit" size="xs" loading={add.isPending}>
              {t('drawer.saveNote')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
