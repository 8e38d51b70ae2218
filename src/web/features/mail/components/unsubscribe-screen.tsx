import { Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../../api/http';
import { AuthCard } from '../../../ui/auth-card';
import { FormError, FormSuccess } from '../../../ui/form-error';
import { useSetEmailNotifications } from '../api/unsubscribe';

/**
 * The page a notification mail's footer link opens (/unsubscribe/:token): it turns that
 * person's e-mail notifications off at once, without signing in, says so, and can undo it.
 */
export function UnsubscribeScreen() {
  const { t } = useTranslation('mail');
  const { token = '' } = useParams();
  const change = useSetEmailNotifications();
  const started = useRef(false);
  const { mutate } = change;

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    mutate({ token, on: false });
  }, [token, mutate]);

  const refused =
    change.error instanceof ApiError &&
    (change.error.status === 400 || change.error.status === 404);
  const result = change.data;

  return (
    <AuthCard title={t('title')}>
      <Stack gap="md" aria-live="polite">
        {!token || refused ? (
          <FormError>
            {change.error instanceof ApiError && change.error.status === 404
              ? t('noAccount')
              : t('invalid')}
          </FormError>
        ) : change.error ? (
          <>
            <FormError>{errorMessage(change.error) || t('failed')}</FormError>
            <Button onClick={() => change.mutate({ token, on: false })}>{t('turnOff')}</Button>
          </>
        ) : !result ? (
          <Text>
            <Loader size="xs" mr="xs" />
            {t('working')}
          </Text>
        ) : result.emailNotifications ? (
          <>
            <FormSuccess>{t('on', { email: result.email })}</FormSuccess>
            <Button
              variant="default"
              loading={change.isPending}
              onClick={() => change.mutate({ token, on: false })}
            >
              {t('turnOff')}
            </Button>
          </>
        ) : (
          <>
            <FormSuccess>{t('off', { email: result.email })}</FormSuccess>
            <Button loading={change.isPending} onClick={() => change.mutate({ token, on: true })}>
              {t('undo')}
            </Button>
          </>
        )}
        <Text ta="center" size="sm">
          <Anchor component={Link} to="/">
            {t('toApp')}
          </Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}
