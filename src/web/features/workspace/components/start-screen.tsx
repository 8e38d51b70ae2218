import { Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Assessment } from '../../../../domain/assessments';
import { errorMessage } from '../../../api/http';
import { formatDate, notAvailable } from '../../../lib/format';
import { FormError } from '../../../ui/form-error';
import { PageHeader } from '../../../ui/page-header';
import { useStartAssessment } from '../../assessments';
import { messageRecruiterHref } from '../lib/message-href';
import { AiReviewNotice } from './ai-review-notice';
import classes from './start-screen.module.css';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

/**
 * Shown to the candidate for an assessment not started yet: what it is and what is recorded,
 * and the one button that starts the clock (POST /start happens only on its click).
 */
export function StartScreen({ assessment, backTo }: { assessment: Assessment; backTo: string }) {
  const { t } = useTranslation('workspace');
  const start = useStartAssessment();
  // Stays busy after the answer until the refetched assessment swaps this screen out.
  const busy = start.isPending || start.isSuccess;
  const hours = assessment.durationHours;
  return (
    <>
      <PageHeader
        title={assessment.title}
        description={[assessment.roleName, assessment.companyName].filter(Boolean).join(' · ')}
      />
      <div className={classes.page}>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="lg">
            <div>
              <Title order={2} fz="xl">
                {t('start.heading')}
              </Title>
              <Text c="dimmed" mt={4}>
                {t('start.intro', { count: hours })}
              </Text>
            </div>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
              <Fact label={t('panel.company')} value={assessment.companyName || notAvailable()} />
              <Fact label={t('start.duration')} value={t('start.hours', { count: hours })} />
              <Fact label={t('panel.dueDate')} value={formatDate(assessment.dueDate)} />
            </SimpleGrid>
            {assessment.description ? (
              <Text size="sm" className={classes.preWrap}>
                {assessment.description}
              </Text>
            ) : null}
            <div>
              <Title order={3} fz="md" mb="xs">
                {t('start.tasks', { n: assessment.tasks.length })}
              </Title>
              {assessment.tasks.length > 0 ? (
                <List type="ordered" spacing={4} size="sm" className={classes.breakWords}>
                  {assessment.tasks.map((task) => (
                    <List.Item key={task.id}>{task.title}</List.Item>
                  ))}
                </List>
              ) : (
                <Text size="sm">{t('tasks.none')}</Text>
              )}
            </div>
            <div>
              <Title order={3} fz="md" mb="xs">
                {t('start.rulesTitle')}
              </Title>
              <List spacing={6} size="sm" data-testid="start-rules">
                <List.Item>{t('start.rules.clock', { count: hours })}</List.Item>
                <List.Item>{t('start.rules.recorded')}</List.Item>
                <List.Item>{t('start.rules.autosave')}</List.Item>
                <List.Item>
                  {assessment.project.hasHiddenTests
                    ? t('start.rules.hiddenTests')
                    : t('start.rules.noHiddenTests')}
                </List.Item>
                <List.Item>{t('start.rules.submit')}</List.Item>
              </List>
            </div>
            <AiReviewNotice assessment={assessment} />
            {start.error ? <FormError>{errorMessage(start.error)}</FormError> : null}
            <Group gap="sm" wrap="wrap">
              <Button size="md" loading={busy} onClick={() => start.mutate(assessment.id)}>
                {t('start.button')}
              </Button>
              <Button component={Link} to={backTo} variant="default" size="md">
                {t('actions.back')}
              </Button>
              {/* Questions before the clock runs are welcome. */}
              <Button
                component={Link}
                to={messageRecruiterHref(
                  assessment,
                  t('actions.messageSubject', { title: assessment.title }),
                )}
                variant="subtle"
                size="md"
              >
                {t('actions.messageRecruiter')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </div>
    </>
  );
}
