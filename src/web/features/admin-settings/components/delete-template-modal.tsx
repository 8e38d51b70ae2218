import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ASSESSMENT_TEXTS, type Template } from '../../../../domain/assessments';
import { FormError } from '../../../ui/form-error';
import { useDeleteTemplate } from '../../assessments/api/templates';

type DeleteTemplateModalProps = { template: Template | null; onClose: () => void };

/** The spec's confirmation before a template is deleted for good. */
export function DeleteTemplateModal({ template, onClose }: DeleteTemplateModalProps) {
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
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={template !== null}
      onClose={close}
      title="Delete assessment template"
      centered
    >
      <Stack gap="md">
        {shown ? (
          <Text size="sm" fw={600}>
            {shown.title}
          </Text>
        ) : null}
        <Text>{ASSESSMENT_TEXTS.confirmDeleteTemplate}</Text>
        {failed ? <FormError>{ASSESSMENT_TEXTS.failedDeleteTemplate}</FormError> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
