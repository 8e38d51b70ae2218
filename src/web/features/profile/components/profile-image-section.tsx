import { Box, Group, Input, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ChangeEvent, useId, useState } from 'react';
import { IMAGE_TYPES } from '../../../../domain/constants';
import type { Profile } from '../../../../domain/profile';
import { failure } from '../../../../domain/texts';
import { errorMessage } from '../../../api/http';
import { FormError, FormSuccess } from '../../../ui/form-error';
import { UserAvatar } from '../../../ui/user-avatar';
import { imageFileProblem, useUploadProfileImage } from '../api/upload-profile-image';
import classes from './profile-image-section.module.css';

const UPLOADED = 'Profile picture updated.';

/** The picture and a file input that uploads a new one straight away. */
export function ProfileImageSection({ profile }: { profile: Profile }) {
  const inputId = useId();
  const upload = useUploadProfileImage();
  const [problem, setProblem] = useState<string | null>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    upload.reset();
    const reason = imageFileProblem(file);
    setProblem(reason);
    if (reason) {
      input.value = '';
      return;
    }
    upload.mutate(file, {
      onSuccess: () => notifications.show({ color: 'green', message: UPLOADED }),
      onSettled: () => {
        input.value = '';
      },
    });
  };

  return (
    <Group gap="lg" align="center" wrap="wrap">
      <UserAvatar name={profile.name} image={profile.image} size={96} />
      <Stack gap={6} style={{ flex: '1 1 240px' }}>
        <Text fw={600} size="lg">
          {profile.name || 'User'}
        </Text>
        <Input.Wrapper
          label="Profile picture"
          description="PNG, JPEG, WebP or GIF, up to 5 MB"
          id={inputId}
        >
          <Box mt={6}>
            <input
              id={inputId}
              type="file"
              name="image"
              accept={IMAGE_TYPES.join(',')}
              className={classes.fileInput}
              onChange={onChange}
              disabled={upload.isPending}
            />
          </Box>
        </Input.Wrapper>
        {upload.isPending ? (
          <Text size="sm" role="status">
            Uploading...
          </Text>
        ) : null}
        {problem ? <FormError>{problem}</FormError> : null}
        {upload.isError ? (
          <FormError>{failure.updateProfile(errorMessage(upload.error))}</FormError>
        ) : null}
        {upload.isSuccess ? <FormSuccess>{UPLOADED}</FormSuccess> : null}
      </Stack>
    </Group>
  );
}
