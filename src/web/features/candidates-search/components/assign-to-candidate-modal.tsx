import { Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ASSESSMENT_TEXTS } from '../../../../domain/assessments';
import { LoadingText } from '../../../ui/loading-text';
import { useTemplates } from '../../assessments/api/templates';
import { AssignForm } from '../../recruiter/components/assign-modal';

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
  return (
    <Modal
      opened={candidate !== null}
      onClose={onClose}
      title={candidate ? `Assign an assessment to ${candidate.name}` : 'Assign Assessment'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {candidate ? <AssignBody key={candidate.id} candidate={candidate} onDone={onClose} /> : null}
    </Modal>
  );
}

function AssignBody({ candidate, onDone }: { candidate: Candidate; onDone: () => void }) {
  const templates = useTemplates();
  const [templateId, setTemplateId] = useState<string | null>(null);
  if (templates.isPending) return <LoadingText text="Loading assessment templates..." />;
  if (templates.isError) return <Text c="red.8">{ASSESSMENT_TEXTS.errorLoadingData}</Text>;
  if (templates.data.length === 0) return <Text>{ASSESSMENT_TEXTS.contactAdmin}</Text>;
  const template = templates.data.find((t) => t.id === templateId) ?? null;
  return (
    <Stack gap="md">
      <Select
        label="Assessment template"
        placeholder="Choose a template"
        data={templates.data.map((t) => ({ value: t.id, label: `${t.title} (${t.roleName})` }))}
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
