import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileInput } from '../../../../domain/profile';
import { ApiError, errorMessage, issuesToFormErrors } from '../../../api/http';
import { translateErrors } from '../../../lib/messages';
import { useUpdateProfile } from '../api/update-profile';

export type SaveStatus = { kind: 'success' | 'error'; text: string } | null;

/** Submits a role's profile form and keeps the spec's success or failure text on screen. */
export function useProfileSave<V>(
  form: UseFormReturnType<V>,
  toInput: (values: V) => ProfileInput,
) {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();
  const [status, setStatus] = useState<SaveStatus>(null);

  const submit = form.onSubmit(
    (values) => {
      setStatus(null);
      update.mutate(toInput(values), {
        onSuccess: () => {
          setStatus({ kind: 'success', text: t('updated') });
          notifications.show({ color: 'green', message: t('updated') });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.issues.length > 0) {
            form.setErrors(translateErrors(issuesToFormErrors(error.issues)));
          }
          setStatus({ kind: 'error', text: t('updateFailed', { reason: errorMessage(error) }) });
        },
      });
    },
    () => setStatus(null),
  );

  return { submit, saving: update.isPending, status };
}
