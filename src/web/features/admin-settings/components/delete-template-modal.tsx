import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Template } from '../../../../domain/assessments';
import { FormError } from '../../../ui/form-error';
import { useDeleteTemplate } from '../../assessments';

type DeleteTemplateModalProps = { template: Template | null; onClose: () => void };

/** The spec's confirmation before a template is deleted for good. */
export function DeleteTemplateModal({ template, onClose }: DeleteTemplateModalProps) {
  const { t } = useTranslation('admin-settings');
  const remove = useDeleteTemplate();
  const [failed, setFailed] = useState(false);
  // Keep the last template on screen while the modal animates out.
  const [shown, setShown] = useState<Template | null>(template);
  if (template && template !== shown) {
    setShown(template);
    setFailed(false);
  }

  const close = () => {
    if (remove.isPending) return;
    setFailed(false);
    onClose();
  };

  const confirm = () => {
    if (!shown) return;
    setFailed(false);
    remove.mutate(shown.id, { onSuccess: onClose, onError: () => setFailed(true) });
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('closeDialog') }}
      opened={template !== null}
      onClose={close}
      title={t('delete.title')}
      centered
    >
      <Stack gap="md">
        {shown ? (
          <Text size="sm" fw={600}>
            {shown.title}
          </Text>
        ) : null}
        <Text>{t('delete.confirm')}</Text>
        {failed ? <FormError>{t('delete.failed')}</FormError> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={remove.isPending}>
            {t('delete.cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            {t('delete.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
