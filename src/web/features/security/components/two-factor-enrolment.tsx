import '../styles';
import {
  Button,
  Code,
  Group,
  Image,
  List,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { totpCodeSchema } from '../../../../domain/security';
import { refreshSession } from '../../../lib/session';
import { FormError } from '../../../ui/form-error';
import { sessionStatusKey } from '../api/session-status';
import { startEnrolment, verifyCode } from '../api/two-factor';
import { secretOf } from '../lib/otpauth';

type Started = { totpURI: string; backupCodes: string[]; qr: string };

/**
 * Enrols an authenticator app: password (when the account has one), then the
 * QR code and backup codes, then a code from the app to prove it works.
 */
export function TwoFactorEnrolment({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [started, setStarted] = useState<Started | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const result = await startEnrolment(password || undefined);
      const { toDataURL } = await import('qrcode');
      const qr = await toDataURL(result.totpURI, { margin: 1, width: 200 });
      setStarted({ ...result, qr });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid code');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await verifyCode(parsed.data);
      await queryClient.invalidateQueries({ queryKey: sessionStatusKey });
      refreshSession();
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  if (!started) {
    return (
      <form onSubmit={start} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            Use an authenticator app (such as Google Authenticator, 1Password or Authy) to get a
            code each time you sign in.
          </Text>
          <PasswordInput
            label="Your password"
            description="Leave empty if you only sign in with Google."
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <FormError>{error}</FormError>
          <Group>
            <Button type="submit" loading={busy}>
              Set up two-factor sign-in
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={verify} noValidate>
      <Stack gap="sm">
        <Text size="sm">1. Scan this QR code with your authenticator app.</Text>
        <Image src={started.qr} alt="QR code for your authenticator app" w={200} h={200} />
        <Text size="sm">
          Or enter this key by hand:{' '}
          <Code data-testid="totp-secret">{secretOf(started.totpURI)}</Code>
        </Text>
        <Text size="sm">
          2. Keep these backup codes somewhere safe. Each one signs you in once if you lose your
          phone.
        </Text>
        <List size="sm" spacing={2} data-testid="backup-codes" style={{ fontFamily: 'monospace' }}>
          {started.backupCodes.map((c) => (
            <List.Item key={c}>{c}</List.Item>
          ))}
        </List>
        <TextInput
          label="3. Enter the 6-digit code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <FormError>{error}</FormError>
        <Group>
          <Button type="submit" loading={busy}>
            Turn on two-factor sign-in
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
