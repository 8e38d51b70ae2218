import '../styles';
import { Badge, Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { refreshSession } from '../../../lib/session';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { sessionStatusKey, useSessionStatus } from '../api/session-status';
import { disableTwoFactor } from '../api/two-factor';
import { TwoFactorEnrolment } from './two-factor-enrolment';

function TurnOff({ onDone }: { onDone: () => void }) {
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
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <PasswordInput
          label="Your password"
          description="Leave empty if you only sign in with Google."
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <FormError>{error}</FormError>
        <Group>
          <Button type="submit" color="red" variant="outline" loading={busy}>
            Turn off two-factor sign-in
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Profile: the user's own two-factor sign-in. */
export function TwoFactorSection() {
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
          Two-factor sign-in
        </Title>
        {status.data ? (
          <Badge color={status.data.twoFactorEnabled ? 'teal.9' : 'gray.7'} variant="filled">
            {status.data.twoFactorEnabled ? 'On' : 'Off'}
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
          <LoadingText text="Loading..." />
        ) : status.data?.twoFactorEnabled ? (
          turningOff ? (
            <TurnOff onDone={() => void changed('Two-factor sign-in is off.')} />
          ) : (
            <>
              <Text size="sm">
                Each sign-in asks for a code from your authenticator app (or a backup code).
              </Text>
              <Group>
                <Button variant="default" onClick={() => setTurningOff(true)}>
                  Turn off…
                </Button>
              </Group>
            </>
          )
        ) : (
          <TwoFactorEnrolment
            onDone={() =>
              void changed('Two-factor sign-in is on. Your next sign-in asks for a code.')
            }
          />
        )}
      </Stack>
    </Paper>
  );
}
