import { Box, Button, Group, Input, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '../../../../domain/constants';
import type { Profile } from '../../../../domain/profile';
import { errorMessage } from '../../../api/http';
import { FormError, FormSuccess } from '../../../ui/form-error';
import { UserAvatar } from '../../../ui/user-avatar';
import {
  type ImageFileProblem,
  imageFileProblem,
  useUploadProfileImage,
} from '../api/upload-profile-image';
import classes from './profile-image-section.module.css';

const MAX_MB = Math.round(MAX_IMAGE_BYTES / (1024 * 1024));

/**
 * The picture and a file input that uploads a new one straight away. The browser's own
 * file button speaks the browser's language ("Choose File", "No file chosen") whatever the
 * reader chose: the input stays (keyboard, screen readers) but what shows is our button.
 */
export function ProfileImageSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const inputId = useId();
  const upload = useUploadProfileImage();
  const [problem, setProblem] = useState<ImageFileProblem | null>(null);

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
      onSuccess: () => notifications.show({ color: 'green', message: t('image.uploaded') }),
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
          {profile.name || t('image.fallbackName')}
        </Text>
        <Input.Wrapper
          label={t('image.label')}
          description={t('image.hint', { mb: MAX_MB })}
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
            <Button
              component="label"
              htmlFor={inputId}
              variant="default"
              size="xs"
              className={classes.chooseButton}
              data-disabled={upload.isPending || undefined}
            >
              {t('image.choose')}
            </Button>
          </Box>
        </Input.Wrapper>
        {upload.isPending ? (
          <Text size="sm" role="status">
            {t('image.uploading')}
          </Text>
        ) : null}
        {problem ? <FormError>{t(`image.${problem}`, { mb: MAX_MB })}</FormError> : null}
        {upload.isError ? (
          <FormError>{t('updateFailed', { reason: errorMessage(upload.error) })}</FormError>
        ) : null}
        {upload.isSuccess ? <FormSuccess>{t('image.uploaded')}</FormSuccess> : null}
      </Stack>
    </Group>
  );
}
