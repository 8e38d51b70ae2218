import '../styles';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { dashboardPath } from '../../../../domain/roles';
import { totpCodeSchema } from '../../../../domain/security';
import { reloadSession, useSessionState } from '../../../lib/session';
import { AuthCard } from '../../../ui/auth-card';
import { FormError } from '../../../ui/form-error';
import { verifyBackupCode, verifyCode } from '../api/two-factor';

/** /login/two-factor: the second step of a sign-in (password or Google) with two-factor on. */
export function TwoFactorChallengeScreen() {
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
        setError(parsed.error.issues[0]?.message ?? 'Invalid code');
        return;
      }
      value = parsed.data;
    } else if (!value || value.length > 64) {
      setError('Enter one of your backup codes');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await (backup ? verifyBackupCode(value) : verifyCode(value));
      await reloadSession();
      navigate(dashboardPath(session.user?.role ?? null), { replace: true });
    } catch (e) {
      setError(
        `${e instanceof Error ? e.message : String(e)}. If the code expired, sign in again.`,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Two-factor sign-in" subtitle="One more step to sign in.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormError>{error}</FormError>
          <TextInput
            label={backup ? 'Backup code' : 'Code from your authenticator app'}
            inputMode={backup ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            maxLength={backup ? 64 : 6}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            autoFocus
          />
          <Button type="submit" fullWidth loading={busy}>
            Verify
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
            {backup ? 'Use a code from the app instead' : 'Use a backup code instead'}
          </Anchor>
          <Text ta="center" size="sm">
            <Anchor component={Link} to="/login">
              Back to Log In
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
