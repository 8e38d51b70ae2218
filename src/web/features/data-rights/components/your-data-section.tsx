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
import { useNavigate } from 'react-router';
import { DATA_RIGHTS_TEXTS, ERASED_FLAG } from '../../../../domain/data-rights-texts';
import { ApiError, errorMessage } from '../../../api/http';
import { clearSession } from '../../../lib/session';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { useDownloadOwnData, useEraseMethod, useEraseOwnAccount } from '../api/data-rights';

/** Profile: "Your data": download everything, or erase the account. */
export function YourDataSection() {
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
        {DATA_RIGHTS_TEXTS.yourData}
      </Title>
      <Text size="sm" mb="sm">
        {DATA_RIGHTS_TEXTS.exportIntro}
      </Text>
      <Group gap="sm" mb="xs">
        <Button onClick={() => download.mutate()} loading={download.isPending}>
          {DATA_RIGHTS_TEXTS.download}
        </Button>
      </Group>
      <div role="status" aria-live="polite">
        {download.isSuccess ? (
          <Text size="sm" c="teal.9">
            Downloaded {download.data}.
          </Text>
        ) : null}
      </div>
      {download.isError ? <FormError>{errorMessage(download.error)}</FormError> : null}

      <Title order={3} fz="md" mt="lg" mb="xs">
        {DATA_RIGHTS_TEXTS.eraseTitle}
      </Title>
      <Text size="sm" mb="sm">
        {DATA_RIGHTS_TEXTS.eraseIntro}
      </Text>
      <Button color="red.9" variant="outline" onClick={() => setErasing(true)}>
        {DATA_RIGHTS_TEXTS.eraseTitle}
      </Button>
      <Modal
        opened={erasing}
        onClose={() => setErasing(false)}
        title={DATA_RIGHTS_TEXTS.eraseTitle}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {erasing ? <EraseForm onCancel={() => setErasing(false)} /> : null}
      </Modal>
    </Paper>
  );
}

function EraseForm({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  const method = useEraseMethod(true);
  const erase = useEraseOwnAccount();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (method.isPending) return <LoadingText text="Loading..." />;
  if (method.isError) return <FormError>{errorMessage(method.error)}</FormError>;
  const byPassword = method.data.confirmWith === 'password';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setError(byPassword ? DATA_RIGHTS_TEXTS.passwordRequired : DATA_RIGHTS_TEXTS.emailRequired);
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
        setError(e instanceof ApiError && e.issues[0] ? e.issues[0].message : errorMessage(e)),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Alert color="red" variant="light" title="This cannot be undone">
          <Text size="sm" mb="xs">
            {DATA_RIGHTS_TEXTS.eraseIntro}
          </Text>
          <Text size="sm">{DATA_RIGHTS_TEXTS.eraseKept}</Text>
        </Alert>
        <Text size="sm">Download your data first if you want to keep a copy.</Text>
        {byPassword ? (
          <PasswordInput
            label={DATA_RIGHTS_TEXTS.eraseConfirmPassword}
            autoComplete="current-password"
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
        ) : (
          <TextInput
            label={DATA_RIGHTS_TEXTS.eraseConfirmEmail}
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
            Cancel
          </Button>
          <Button type="submit" color="red.9" loading={erase.isPending}>
            {DATA_RIGHTS_TEXTS.eraseButton}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
