import { Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingText } from '../../../ui/loading-text';
import { AssignForm, useTemplates } from '../../assessments';

type Candidate = { id: string; name: string; email: string };

type AssignToCandidateModalProps = {
  candidate: Candidate | null;
  onClose: () => void;
};

/**
 * The recruiter's assign flow with the candidate already chosen: pick one of the templates
 * this recruiter may use, then the usual due date and message.
 */
export function AssignToCandidateModal({ candidate, onClose }: AssignToCandidateModalProps) {
  const { t } = useTranslation('candidates-search');
  return (
    <Modal
      opened={candidate !== null}
      onClose={onClose}
      title={candidate ? t('assign.titleFor', { name: candidate.name }) : t('actions.assign')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {candidate ? <AssignBody key={candidate.id} candidate={candidate} onDone={onClose} /> : null}
    </Modal>
  );
}

function AssignBody({ candidate, onDone }: { candidate: Candidate; onDone: () => void }) {
  const { t } = useTranslation('candidates-search');
  const templates = useTemplates();
  const [templateId, setTemplateId] = useState<string | null>(null);
  if (templates.isPending) return <LoadingText text={t('assign.loadingTemplates')} />;
  if (templates.isError) return <Text c="red.8">{t('assign.errorLoading')}</Text>;
  if (templates.data.length === 0) return <Text>{t('assign.contactAdmin')}</Text>;
  const template = templates.data.find((tpl) => tpl.id === templateId) ?? null;
  return (
    <Stack gap="md">
      <Select
        label={t('assign.template')}
        placeholder={t('assign.chooseTemplate')}
        data={templates.data.map((tpl) => ({
          value: tpl.id,
          label: t('assign.templateOption', { title: tpl.title, role: tpl.roleName }),
        }))}
        value={templateId}
        onChange={setTemplateId}
        searchable
        comboboxProps={{ withinPortal: true }}
      />
      {template ? (
        <AssignForm
          key={template.id}
          template={template}
          onDone={onDone}
          initialCandidate={{ id: candidate.id, name: candidate.name, email: candidate.email }}
        />
      ) : null}
    </Stack>
  );
}
