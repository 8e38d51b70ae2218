import '../../admin-settings/styles';
import {
  Badge,
  Box,
  Button,
  Code,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Integrations } from '../../../../domain/integrations';
import { errorMessage } from '../../../api/http';
import classes from '../../../app/layout/admin-page.module.css';
import { AdminSidebar } from '../../../app/layout/admin-sidebar';
import { formatNumber } from '../../../lib/format';
import { translateMessage } from '../../../lib/messages';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import { useIntegrations, useSendTestMail } from '../api/integrations';

function age(t: TFunction<'integrations'>, seconds: number): string {
  if (seconds < 90) return t('age.seconds', { value: formatNumber(seconds) });
  if (seconds < 5400) return t('age.minutes', { value: formatNumber(Math.round(seconds / 60)) });
  if (seconds < 172_800) return t('age.hours', { value: formatNumber(Math.round(seconds / 3600)) });
  const days = Math.round(seconds / 86_400);
  return t('age.days', { count: days, value: formatNumber(days) });
}

function Card({
  id,
  title,
  ok,
  okLabel,
  offLabel,
  children,
  variables,
}: {
  id: string;
  title: string;
  ok: boolean;
  okLabel: string;
  offLabel: string;
  children: ReactNode;
  variables: string[];
}) {
  const { t } = useTranslation('integrations');
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby={`${id}-title`}
      data-testid={`integration-${id}`}
    >
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} fz="lg" id={`${id}-title`}>
          {title}
        </Title>
        <Badge color={ok ? 'teal.9' : 'gray.7'} variant="filled">
          {ok ? okLabel : offLabel}
        </Badge>
      </Group>
      <Stack gap={6}>{children}</Stack>
      <Text size="xs" c="dimmed" mt="sm">
        {t('setBy')}{' '}
        {variables.map((v, i) => (
          <span key={v}>
            {i > 0 ? ', ' : ''}
            <Code>{v}</Code>
          </span>
        ))}
      </Text>
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

function MailCard({ mail }: { mail: Integrations['mail'] }) {
  const { t } = useTranslation('integrations');
  const send = useSendTestMail();
  return (
    <Card
      id="mail"
      title={t('mail.title')}
      ok={mail.mode === 'smtp'}
      okLabel={t('mail.smtp')}
      offLabel={t('mail.loggingOnly')}
      variables={['SMTP_URL', 'MAIL_FROM']}
    >
      <Fact label={t('mail.delivery')}>
        {mail.mode === 'smtp' ? t('mail.through', { host: mail.smtpHost }) : t('mail.noSmtp')}
      </Fact>
      <Fact label={t('mail.sender')}>{mail.from}</Fact>
      <Fact label={t('mail.outbox')}>
        {t('mail.counts', {
          pending: formatNumber(mail.pending),
          failed: formatNumber(mail.failed),
          sent: formatNumber(mail.sent),
        })}
        {mail.oldestPendingSeconds !== null
          ? ` ${t('mail.oldest', { age: age(t, mail.oldestPendingSeconds) })}`
          : ''}
      </Fact>
      <Group mt="xs">
        <Button size="sm" onClick={() => send.mutate()} loading={send.isPending}>
          {t('mail.send')}
        </Button>
      </Group>
      <div role="status" aria-live="polite">
        {send.isSuccess ? (
          <Text size="sm" c="teal.9">
            {send.data.mode === 'smtp'
              ? t('mail.queued', { to: send.data.to })
              : t('mail.queuedLog', { to: send.data.to })}
          </Text>
        ) : null}
      </div>
      {send.isError ? <FormError>{errorMessage(send.error)}</FormError> : null}
    </Card>
  );
}

/** AI-assisted review's endpoint: reachable, how many models, the chosen one, the last error. */
function AiCard({ ai }: { ai: Integrations['ai'] }) {
  const { t } = useTranslation('integrations');
  const badge = !ai.configured ? t('ai.off') : ai.reachable ? t('ai.reachable') : t('ai.down');
  return (
    <Card
      id="ai"
      title={t('ai.title')}
      ok={ai.configured && ai.reachable}
      okLabel={badge}
      offLabel={badge}
      variables={['AI_BASE_URL', 'AI_API_KEY', 'AI_MODELS', 'AI_DAILY_TOKEN_LIMIT']}
    >
      <Fact label={t('ai.connection')}>
        {!ai.configured
          ? t('ai.notConfigured')
          : ai.reachable
            ? t('ai.models', { count: ai.models, n: formatNumber(ai.models) })
            : t('ai.unreachable')}
      </Fact>
      {ai.configured ? <Fact label={t('ai.model')}>{ai.model ?? t('ai.noModel')}</Fact> : null}
      {ai.lastError ? <Fact label={t('ai.lastError')}>{ai.lastError}</Fact> : null}
    </Card>
  );
}

/** /admin/integrations: what this server is connected to, read-only. */
export function IntegrationsScreen() {
  const { t } = useTranslation('integrations');
  const status = useIntegrations();
  return (
    <div className={classes.layout}>
      <AdminSidebar current="integrations" />
      <Box miw={0}>
        <PageHeader title={t('title')} description={t('intro')} />
        {status.isPending ? (
          <LoadingText text={t('loading')} />
        ) : status.isError ? (
          <FormError>{t('failed', { reason: errorMessage(status.error) })}</FormError>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <MailCard mail={status.data.mail} />
            <Card
              id="google"
              title={t('google.title')}
              ok={status.data.google.configured}
              okLabel={t('google.configured')}
              offLabel={t('google.notConfigured')}
              variables={['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'GOOGLE_DISCOVERY_URL']}
            >
              <Fact label={t('google.login')}>
                {status.data.google.configured ? t('google.shown') : t('google.hidden')}
              </Fact>
              <Fact label={t('google.discovery')}>{status.data.google.discoveryHost}</Fact>
            </Card>
            <Card
              id="sandbox"
              title={t('sandbox.title')}
              ok={status.data.sandbox.available}
              okLabel={t('sandbox.available')}
              offLabel={t('sandbox.unavailable')}
              variables={[
                t('sandbox.installServer'),
                t('sandbox.installLanguages'),
                'SANDBOX_ALLOW_NO_CGROUP',
              ]}
            >
              <Fact label={t('sandbox.runs')}>
                {status.data.sandbox.available ? t('sandbox.isolated') : status.data.sandbox.reason}
              </Fact>
              <Fact label={t('sandbox.limits')}>
                {t(`sandbox.modes.${status.data.sandbox.mode}`)}
              </Fact>
              <Fact label={t('sandbox.languages')}>
                {status.data.sandbox.languages
                  .map((l) =>
                    // The server names a language in English ("JavaScript and TypeScript").
                    l.available
                      ? t('sandbox.canRun', { language: translateMessage(l.label) })
                      : t('sandbox.cannotRun', { language: translateMessage(l.label) }),
                  )
                  .join('; ') || t('sandbox.none')}
              </Fact>
            </Card>
            <Card
              id="database"
              title={t('database.title')}
              ok
              okLabel={
                status.data.database.kind === 'postgres'
                  ? t('database.postgres')
                  : t('database.embedded')
              }
              offLabel=""
              variables={['DATABASE_URL', 'DATA_DIR']}
            >
              <Fact label={t('database.kind')}>
                {status.data.database.kind === 'postgres'
                  ? t('database.postgresServer')
                  : t('database.pglite')}
              </Fact>
              <Fact label={t('database.where')}>{status.data.database.location}</Fact>
              <Fact label={t('database.version')}>
                {status.data.database.serverVersion ?? t('database.unknown')}
              </Fact>
            </Card>
            <AiCard ai={status.data.ai} />
          </SimpleGrid>
        )}
      </Box>
    </div>
  );
}
