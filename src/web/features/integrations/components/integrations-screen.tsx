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
import type { ReactNode } from 'react';
import {
  INTEGRATION_TEXTS,
  type Integrations,
  SANDBOX_MODE_LABELS,
} from '../../../../domain/integrations';
import { errorMessage } from '../../../api/http';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import classes from '../../admin-settings/components/admin-settings.module.css';
import { AdminSidebar } from '../../admin-settings/components/admin-sidebar';
import { useIntegrations, useSendTestMail } from '../api/integrations';

function age(seconds: number): string {
  if (seconds < 90) return `${seconds} s`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min`;
  if (seconds < 172_800) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} days`;
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
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby={`${id}-title`}
      data-testid={`integration-${id}`}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} fz="lg" id={`${id}-title`}>
          {title}
        </Title>
        <Badge color={ok ? 'teal.9' : 'gray.7'} variant="filled">
          {ok ? okLabel : offLabel}
        </Badge>
      </Group>
      <Stack gap={6}>{children}</Stack>
      <Text size="xs" c="dimmed" mt="sm">
        Set by:{' '}
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
  const send = useSendTestMail();
  return (
    <Card
      id="mail"
      title="Outgoing mail"
      ok={mail.mode === 'smtp'}
      okLabel="SMTP"
      offLabel="Logging only"
      variables={['SMTP_URL', 'MAIL_FROM']}
    >
      <Fact label="Delivery">
        {mail.mode === 'smtp'
          ? `through ${mail.smtpHost}`
          : 'no SMTP_URL: mails are written to the server log and kept in the outbox'}
      </Fact>
      <Fact label="Sender">{mail.from}</Fact>
      <Fact label="Outbox">
        {mail.pending} pending, {mail.failed} failed, {mail.sent} sent
        {mail.oldestPendingSeconds !== null
          ? ` (oldest pending: ${age(mail.oldestPendingSeconds)})`
          : ''}
      </Fact>
      <Group mt="xs">
        <Button size="sm" onClick={() => send.mutate()} loading={send.isPending}>
          {INTEGRATION_TEXTS.sendTestMail}
        </Button>
      </Group>
      <div role="status" aria-live="polite">
        {send.isSuccess ? (
          <Text size="sm" c="teal.9">
            Test e-mail queued to {send.data.to}
            {send.data.mode === 'smtp'
              ? '; it is delivered within seconds.'
              : '; without SMTP it is written to the server log.'}
          </Text>
        ) : null}
      </div>
      {send.isError ? <FormError>{errorMessage(send.error)}</FormError> : null}
    </Card>
  );
}

/** /admin/integrations: what this server is connected to, read-only. */
export function IntegrationsScreen() {
  const status = useIntegrations();
  return (
    <div className={classes.layout}>
      <AdminSidebar current="integrations" />
      <Box miw={0}>
        <PageHeader title={INTEGRATION_TEXTS.title} description={INTEGRATION_TEXTS.intro} />
        {status.isPending ? (
          <LoadingText text="Loading integrations..." />
        ) : status.isError ? (
          <FormError>Failed to load integrations: {errorMessage(status.error)}</FormError>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <MailCard mail={status.data.mail} />
            <Card
              id="google"
              title="Google sign-in"
              ok={status.data.google.configured}
              okLabel="Configured"
              offLabel="Not configured"
              variables={['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'GOOGLE_DISCOVERY_URL']}
            >
              <Fact label="Log in with Google">
                {status.data.google.configured ? 'shown on the login page' : 'hidden'}
              </Fact>
              <Fact label="Discovery document host">{status.data.google.discoveryHost}</Fact>
            </Card>
            <Card
              id="sandbox"
              title="Test-run sandbox"
              ok={status.data.sandbox.available}
              okLabel="Available"
              offLabel="Unavailable"
              variables={[
                'apt-get install bubblewrap python3-seccomp (on the server)',
                'apt-get install python3-pytest golang-go junit5 default-jdk-headless (Python, Go, Java)',
                'SANDBOX_ALLOW_NO_CGROUP',
              ]}
            >
              <Fact label="Test runs">
                {status.data.sandbox.available
                  ? 'run in bubblewrap as user nobody, without network, under a seccomp filter'
                  : status.data.sandbox.reason}
              </Fact>
              <Fact label="Limits">{SANDBOX_MODE_LABELS[status.data.sandbox.mode]}</Fact>
              <Fact label="Languages">
                {status.data.sandbox.languages
                  .map(
                    (l) =>
                      `${l.label}: ${l.available ? 'can run' : 'cannot run (toolchain not installed)'}`,
                  )
                  .join('; ') || 'none'}
              </Fact>
            </Card>
            <Card
              id="database"
              title="Database"
              ok
              okLabel={status.data.database.kind === 'postgres' ? 'PostgreSQL' : 'Embedded'}
              offLabel=""
              variables={['DATABASE_URL', 'DATA_DIR']}
            >
              <Fact label="Kind">
                {status.data.database.kind === 'postgres'
                  ? 'PostgreSQL server'
                  : 'embedded PostgreSQL (PGlite); production belongs on PostgreSQL'}
              </Fact>
              <Fact label="Where">{status.data.database.location}</Fact>
              <Fact label="Version">{status.data.database.serverVersion ?? 'unknown'}</Fact>
            </Card>
          </SimpleGrid>
        )}
      </Box>
    </div>
  );
}
