import { Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { UNSUBSCRIBE_TEXTS } from '../../../../domain/mail-replies';
import { ApiError, errorMessage } from '../../../api/http';
import { AuthCard } from '../../../ui/auth-card';
import { FormError, FormSuccess } from '../../../ui/form-error';
import { useSetEmailNotifications } from '../api/unsubscribe';

/**
 * The page a notification mail's footer link opens (/unsubscribe/:token): it turns that
 * person's e-mail notifications off at once, without signing in, says so, and can undo it.
 */
export function UnsubscribeScreen() {
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
    <AuthCard title={UNSUBSCRIBE_TEXTS.title}>
      <Stack gap="md" aria-live="polite">
        {!token || refused ? (
          <FormError>
            {change.error instanceof ApiError && change.error.status === 404
              ? UNSUBSCRIBE_TEXTS.noAccount
              : UNSUBSCRIBE_TEXTS.invalid}
          </FormError>
        ) : change.error ? (
          <>
            <FormError>{errorMessage(change.error) || UNSUBSCRIBE_TEXTS.failed}</FormError>
            <Button onClick={() => change.mutate({ token, on: false })}>
              {UNSUBSCRIBE_TEXTS.turnOff}
            </Button>
          </>
        ) : !result ? (
          <Text>
            <Loader size="xs" mr="xs" />
            {UNSUBSCRIBE_TEXTS.working}
          </Text>
        ) : result.emailNotifications ? (
          <>
            <FormSuccess>{UNSUBSCRIBE_TEXTS.on(result.email)}</FormSuccess>
            <Button
              variant="default"
              loading={change.isPending}
              onClick={() => change.mutate({ token, on: false })}
            >
              {UNSUBSCRIBE_TEXTS.turnOff}
            </Button>
          </>
        ) : (
          <>
            <FormSuccess>{UNSUBSCRIBE_TEXTS.off(result.email)}</FormSuccess>
            <Button loading={change.isPending} onClick={() => change.mutate({ token, on: true })}>
              {UNSUBSCRIBE_TEXTS.undo}
            </Button>
          </>
        )}
        <Text ta="center" size="sm">
          <Anchor component={Link} to="/">
            {UNSUBSCRIBE_TEXTS.toApp}
          </Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}
