// Modal styles arrive with the profile chunk (the app shell loads the shared ones).
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ERASED_FLAG } from '../../../../domain/data-rights-texts';
import { ApiError, errorMessage } from '../../../api/http';
import { translateMessage } from '../../../lib/messages';
import { clearSession } from '../../../lib/session';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { useDownloadOwnData, useEraseMethod, useEraseOwnAccount } from '../api/data-rights';

/** Profile: "Your data": download everything, or erase the account. */
export function YourDataSection() {
  const { t } = useTranslation('data-rights');
  const download = useDownloadOwnData();
  const [erasing, setErasing] = useState(false);
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      component="section"
      aria-labelledby="your-data-title"
    >
      <Title order={2} fz="lg" id="your-data-title" mb="xs">
        {t('yourData')}
      </Title>
      <Text size="sm" mb="sm">
        {t('exportIntro')}
      </Text>
      <Group gap="sm" mb="xs">
        <Button onClick={() => download.mutate()} loading={download.isPending}>
          {t('download')}
        </Button>
      </Group>
      <div role="status" aria-live="polite">
        {download.isSuccess ? (
          <Text size="sm" c="teal.9">
            {t('downloaded', { name: download.data })}
          </Text>
        ) : null}
      </div>
      {download.isError ? <FormError>{errorMessage(download.error)}</FormError> : null}

      <Title order={3} fz="md" mt="lg" mb="xs">
        {t('eraseTitle')}
      </Title>
      <Text size="sm" mb="sm">
        {t('eraseIntro')}
      </Text>
      <Button color="red.9" variant="outline" onClick={() => setErasing(true)}>
        {t('eraseTitle')}
      </Button>
      <Modal
        opened={erasing}
        onClose={() => setErasing(false)}
        title={t('eraseTitle')}
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        {erasing ? <EraseForm onCancel={() => setErasing(false)} /> : null}
      </Modal>
    </Paper>
  );
}

function EraseForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('data-rights');
  const navigate = useNavigate();
  const method = useEraseMethod(true);
  const erase = useEraseOwnAccount();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (method.isPending) return <LoadingText text={t('loading')} />;
  if (method.isError) return <FormError>{errorMessage(method.error)}</FormError>;
  const byPassword = method.data.confirmWith === 'password';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setError(byPassword ? t('passwordRequired') : t('emailRequired'));
      return;
    }
    setError(null);
    erase.mutate(byPassword ? { password: value } : { email: value }, {
      onSuccess: () => {
        // The ended session may also send this tab to /login (live updates, the idle guard):
        // the flag makes the login screen say why, whichever navigation lands first.
        try {
          sessionStorage.setItem(ERASED_FLAG, '1');
        } catch {
          // Storage refused (private mode): the query parameter still says it.
        }
        navigate('/login?reason=erased', { replace: true });
        clearSession();
      },
      onError: (e) =>
        setError(
          e instanceof ApiError && e.issues[0]
            ? translateMessage(e.issues[0].message)
            : errorMessage(e),
        ),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Alert color="red" variant="light" title={t('cannotUndo')}>
          <Text size="sm" mb="xs">
            {t('eraseIntro')}
          </Text>
          <Text size="sm">{t('eraseKept')}</Text>
        </Alert>
        <Text size="sm">{t('downloadFirst')}</Text>
        {byPassword ? (
          <PasswordInput
            label={t('eraseConfirmPassword')}
            autoComplete="current-password"
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
        ) : (
          <TextInput
            label={t('eraseConfirmEmail')}
            type="email"
            autoComplete="off"
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={erase.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" color="red.9" loading={erase.isPending}>
            {t('eraseButton')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
