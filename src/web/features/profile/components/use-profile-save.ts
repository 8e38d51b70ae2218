import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { ProfileInput } from '../../../../domain/profile';
import { failure, TEXTS } from '../../../../domain/texts';
import { ApiError, errorMessage, issuesToFormErrors } from '../../../api/http';
import { useUpdateProfile } from '../api/update-profile';

export type SaveStatus = { kind: 'success' | 'error'; text: string } | null;

/** Submits a role's profile form and keeps the spec's success or failure text on screen. */
export function useProfileSave<V>(
  form: UseFormReturnType<V>,
  toInput: (values: V) => ProfileInput,
) {
  const update = useUpdateProfile();
  const [status, setStatus] = useState<SaveStatus>(null);

  const submit = form.onSubmit(
    (values) => {
      setStatus(null);
      update.mutate(toInput(values), {
        onSuccess: () => {
          setStatus({ kind: 'success', text: TEXTS.profileSuccess });
          notifications.show({ color: 'green', message: TEXTS.profileSuccess });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.issues.length > 0) {
            form.setErrors(issuesToFormErrors(error.issues));
          }
          setStatus({ kind: 'error', text: failure.updateProfile(errorMessage(error)) });
        },
      });
    },
    () => setStatus(null),
  );

  return { submit, saving: update.isPending, status };
}
