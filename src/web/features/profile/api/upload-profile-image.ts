import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '../../../../domain/constants';
import { profileSchema } from '../../../../domain/profile';
import { apiFetch } from '../../../api/http';
import { refreshSession } from '../../../lib/session';
import { setAfterReads } from '../../../lib/set-after-reads';
import { profileQueryKey } from './get-profile';

export type ImageFileProblem = 'notImage' | 'tooLarge';

/**
 * Why a chosen file cannot be a profile picture (a key of the profile catalogue's
 * `image` texts), or null when it can. The server checks again.
 */
export function imageFileProblem(file: File): ImageFileProblem | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'notImage';
  if (file.size > MAX_IMAGE_BYTES) return 'tooLarge';
  return null;
}

/** POST /api/profile/image (multipart, field 'image'). */
export function uploadProfileImage(file: File) {
  const body = new FormData();
  body.append('image', file);
  return apiFetch('/api/profile/image', { method: 'POST', body, schema: profileSchema });
}

export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: async (profile) => {
      await setAfterReads(queryClient, profileQueryKey, profile);
      // The navigation bar's avatar comes from the session.
      refreshSession();
    },
  });
}
