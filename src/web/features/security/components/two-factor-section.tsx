import '../styles';
import { Badge, Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/api-error';
import { refreshSession } from '../../../lib/session';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { sessionStatusKey, useSessionStatus } from '../api/session-status';
import { disableTwoFactor } from '../api/two-factor';
import { TwoFactorEnrolment } from './two-factor-enrolment';

function TurnOff({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('security');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await disableTwoFactor(password || undefined);
      onDone();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <PasswordInput
          label={t('enrol.password')}
          description={t('enrol.passwordHint')}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <FormError>{error}</FormError>
        <Group>
          <Button type="submit" color="red" variant="outline" loading={busy}>
            {t('section.turnOff')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Profile: the user's own two-factor sign-in. */
export function TwoFactorSection() {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const status = useSessionStatus(true);
  const [message, setMessage] = useState<string | null>(null);
  const [turningOff, setTurningOff] = useState(false);

  const changed = async (text: string) => {
    setMessage(text);
    setTurningOff(false);
    await queryClient.invalidateQueries({ queryKey: sessionStatusKey });
    refreshSession();
  };

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      component="section"
      aria-labelledby="two-factor-title"
    >
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg" id="two-factor-title">
          {t('section.title')}
        </Title>
        {status.data ? (
          <Badge color={status.data.twoFactorEnabled ? 'teal.9' : 'gray.7'} variant="filled">
            {status.data.twoFactorEnabled ? t('section.on') : t('section.off')}
          </Badge>
        ) : null}
      </Group>
      <Stack gap="sm">
        {message ? (
          <Text role="status" size="sm" fw={600} c="teal.9">
            {message}
          </Text>
        ) : null}
        {status.isPending ? (
          <LoadingText text={t('section.loading')} />
        ) : status.data?.twoFactorEnabled ? (
          turningOff ? (
            <TurnOff onDone={() => void changed(t('section.nowOff'))} />
          ) : (
            <>
              <Text size="sm">{t('section.asks')}</Text>
              <Group>
                <Button variant="default" onClick={() => setTurningOff(true)}>
                  {t('section.turnOffEllipsis')}
                </Button>
              </Group>
            </>
          )
        ) : (
          <TwoFactorEnrolment onDone={() => void changed(t('section.nowOn'))} />
        )}
      </Stack>
    </Paper>
  );
}
