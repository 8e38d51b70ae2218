import '../styles';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { dashboardPath } from '../../../../domain/roles';
import { totpCodeSchema } from '../../../../domain/security';
import { errorMessage } from '../../../api/api-error';
import { translateMessage } from '../../../lib/messages';
import { reloadSession, useSessionState } from '../../../lib/session';
import { AuthCard } from '../../../ui/auth-card';
import { FormError } from '../../../ui/form-error';
import { verifyBackupCode, verifyCode } from '../api/two-factor';

/** /login/two-factor: the second step of a sign-in (password or Google) with two-factor on. */
export function TwoFactorChallengeScreen() {
  const { t } = useTranslation('security');
  const navigate = useNavigate();
  const session = useSessionState();
  const [backup, setBackup] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let value = code.trim();
    if (!backup) {
      const parsed = totpCodeSchema.safeParse(value);
      if (!parsed.success) {
        setError(translateMessage(parsed.error.issues[0]?.message ?? 'Invalid code'));
        return;
      }
      value = parsed.data;
    } else if (!value || value.length > 64) {
      setError(t('challenge.enterBackup'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await (backup ? verifyBackupCode(value) : verifyCode(value));
      await reloadSession();
      navigate(dashboardPath(session.user?.role ?? null), { replace: true });
    } catch (e) {
      setError(t('challenge.failed', { reason: errorMessage(e) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('challenge.title')} subtitle={t('challenge.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormError>{error}</FormError>
          <TextInput
            label={backup ? t('challenge.backupCode') : t('challenge.appCode')}
            inputMode={backup ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            maxLength={backup ? 64 : 6}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            autoFocus
          />
          <Button type="submit" fullWidth loading={busy}>
            {t('challenge.verify')}
          </Button>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setBackup((b) => !b);
              setCode('');
              setError(null);
            }}
          >
            {backup ? t('challenge.useApp') : t('challenge.useBackup')}
          </Anchor>
          <Text ta="center" size="sm">
            <Anchor component={Link} to="/login">
              {t('challenge.backToLogIn')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
