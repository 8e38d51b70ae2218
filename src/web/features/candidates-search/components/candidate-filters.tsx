import { Button, Checkbox, Group, Stack, Switch, TagsInput, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_SKILL_FILTERS } from '../../../../domain/candidate-search';
import { EXPERIENCE_OPTIONS, JOB_TYPES } from '../../../../domain/constants';
import type { CandidateFilters } from '../lib/filters';
import { useCandidateLabels } from './labels';

type CandidateFiltersProps = {
  filters: CandidateFilters;
  onChange: (next: Partial<CandidateFilters>) => void;
  onClear: () => void;
};

/** Skills, location, remote, experience band and job type; each applies as it changes. */
export function CandidateFiltersPanel({ filters, onChange, onClear }: CandidateFiltersProps) {
  const { t } = useTranslation('candidates-search');
  const labels = useCandidateLabels();
  const [location, setLocation] = useState(filters.location);
  const applyLocation = useDebouncedCallback((value: string) => onChange({ location: value }), 350);
  return (
    <Stack gap="md">
      <TagsInput
        label={t('filters.skills')}
        description={t('filters.skillsHint')}
        placeholder={t('filters.skillsPlaceholder')}
        value={filters.skills}
        onChange={(skills) => onChange({ skills })}
        maxTags={MAX_SKILL_FILTERS}
        clearable
        clearButtonProps={{ 'aria-label': t('filters.clearSkills') }}
      />
      <TextInput
        label={t('filters.location')}
        placeholder={t('filters.locationPlaceholder')}
        value={location}
        maxLength={100}
        onChange={(e) => {
          setLocation(e.currentTarget.value);
          applyLocation(e.currentTarget.value);
        }}
      />
      <Switch
        label={t('openToRemoteWork')}
        checked={filters.remote}
        onChange={(e) => onChange({ remote: e.currentTarget.checked })}
      />
      <Checkbox.Group
        label={t('filters.experience')}
        value={filters.experience}
        onChange={(experience) => onChange({ experience })}
      >
        <Stack gap={6} mt={6}>
          {EXPERIENCE_OPTIONS.map((band) => (
            <Checkbox key={band} value={band} label={labels.experience(band)} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Checkbox.Group
        label={t('jobTypeLabel')}
        value={filters.jobType}
        onChange={(jobType) => onChange({ jobType })}
      >
        <Stack gap={6} mt={6}>
          {JOB_TYPES.map((type) => (
            <Checkbox key={type} value={type} label={labels.jobType(type)} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => {
            setLocation('');
            onClear();
          }}
        >
          {t('filters.clear')}
        </Button>
      </Group>
    </Stack>
  );
}
