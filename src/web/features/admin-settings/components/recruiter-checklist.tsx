import { Checkbox, Fieldset, Stack, Text } from '@mantine/core';
import { ASSESSMENT_TEXTS } from '../../../../domain/assessments';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { useRecruiters } from '../../assessments/api/templates';

type RecruiterChecklistProps = { value: string[]; onChange: (ids: string[]) => void };

/** Who may assign the template; none ticked means every recruiter (spec section 6). */
export function RecruiterChecklist({ value, onChange }: RecruiterChecklistProps) {
  const recruiters = useRecruiters();

  const body = (() => {
    if (recruiters.isPending) return <LoadingText text="Loading recruiters..." />;
    if (recruiters.isError) return <FormError>{ASSESSMENT_TEXTS.failedLoadRecruiters}</FormError>;
    if (recruiters.data.length === 0) {
      return <Text size="sm">{ASSESSMENT_TEXTS.noRecruiters}</Text>;
    }
    return (
      <Checkbox.Group value={value} onChange={onChange} aria-label="Authorized recruiters">
        <Stack gap="xs">
          {recruiters.data.map((r) => (
            <Checkbox key={r.id} value={r.id} label={r.name || r.email} description={r.email} />
          ))}
        </Stack>
      </Checkbox.Group>
    );
  })();

  return (
    <Fieldset legend="Authorized recruiters" variant="filled" radius="md">
      <Text size="sm" c="dimmed" mb="sm">
        Leave all unchecked to make it available to every recruiter
      </Text>
      {body}
    </Fieldset>
  );
}
