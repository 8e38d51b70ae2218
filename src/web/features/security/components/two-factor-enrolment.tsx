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
import { useTranslation } from 'react-i18next';
import { totpCodeSchema } from '../../../../domain/security';
import { errorMessage } from '../../../api/api-error';
import { translateMessage } from '../../../lib/messages';
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
  const { t } = useTranslation('security');
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
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(translateMessage(parsed.error.issues[0]?.message ?? 'Invalid code'));
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
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  if (!started) {
    return (
      <form onSubmit={start} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('enrol.intro')}</Text>
          <PasswordInput
            label={t('enrol.password')}
            description={t('enrol.passwordHint')}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <FormError>{error}</FormError>
          <Group>
            <Button type="submit" loading={busy}>
              {t('enrol.start')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={verify} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('enrol.scan')}</Text>
        <Image src={started.qr} alt={t('enrol.qrAlt')} w={200} h={200} />
        <Text size="sm">
          {t('enrol.byHand')} <Code data-testid="totp-secret">{secretOf(started.totpURI)}</Code>
        </Text>
        <Text size="sm">{t('enrol.backupCodes')}</Text>
        <List size="sm" spacing={2} data-testid="backup-codes" style={{ fontFamily: 'monospace' }}>
          {started.backupCodes.map((c) => (
            <List.Item key={c}>{c}</List.Item>
          ))}
        </List>
        <TextInput
          label={t('enrol.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <FormError>{error}</FormError>
        <Group>
          <Button type="submit" loading={busy}>
            {t('enrol.turnOn')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
