import { Checkbox, Fieldset, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { useRecruiters } from '../../assessments';

type RecruiterChecklistProps = { value: string[]; onChange: (ids: string[]) => void };

/** Who may assign the template; none ticked means every recruiter (spec section 6). */
export function RecruiterChecklist({ value, onChange }: RecruiterChecklistProps) {
  const { t } = useTranslation('admin-settings');
  const recruiters = useRecruiters();

  const body = (() => {
    if (recruiters.isPending) return <LoadingText text={t('recruiters.loading')} />;
    if (recruiters.isError) return <FormError>{t('recruiters.loadFailed')}</FormError>;
    if (recruiters.data.length === 0) {
      return <Text size="sm">{t('recruiters.none')}</Text>;
    }
    return (
      <Checkbox.Group value={value} onChange={onChange} aria-label={t('recruiters.legend')}>
        <Stack gap="xs">
          {recruiters.data.map((r) => (
            <Checkbox key={r.id} value={r.id} label={r.name || r.email} description={r.email} />
          ))}
        </Stack>
      </Checkbox.Group>
    );
  })();

  return (
    <Fieldset legend={t('recruiters.legend')} variant="filled" radius="md">
      <Text size="sm" c="dimmed" mb="sm">
        {t('recruiters.hint')}
      </Text>
      {body}
    </Fieldset>
  );
}
