import { useMutation } from '@tanstack/react-query';
import { mailPreferenceSchema } from '../../../../domain/mail-replies';
import { apiFetch } from '../../../api/http';

/** Turns the link's user's e-mail notifications off (`on: false`) or back on, by the signed token. */
export function setEmailNotifications({ token, on }: { token: string; on: boolean }) {
  const path = on ? 'resubscribe' : 'unsubscribe';
  return apiFetch(`/api/mail/${path}/${encodeURIComponent(token)}`, {
    method: 'POST',
    schema: mailPreferenceSchema,
  });
}

export const useSetEmailNotifications = () => useMutation({ mutationFn: setEmailNotifications });
