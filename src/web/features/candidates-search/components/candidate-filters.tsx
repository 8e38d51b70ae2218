import { Button, Checkbox, Group, Stack, Switch, TagsInput, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { MAX_SKILL_FILTERS } from '../../../../domain/candidate-search';
import { EXPERIENCE_OPTIONS, JOB_TYPES } from '../../../../domain/constants';
import { type CandidateFilters, experienceLabel, JOB_TYPE_LABELS } from '../lib/filters';

type CandidateFiltersProps = {
  filters: CandidateFilters;
  onChange: (next: Partial<CandidateFilters>) => void;
  onClear: () => void;
};

/** Skills, location, remote, experience band and job type; each applies as it changes. */
export function CandidateFiltersPanel({ filters, onChange, onClear }: CandidateFiltersProps) {
  const [location, setLocation] = useState(filters.location);
  const applyLocation = useDebouncedCallback((value: string) => onChange({ location: value }), 350);
  return (
    <Stack gap="md">
      <TagsInput
        label="Skills"
        description="Candidates with every skill listed"
        placeholder="Type a skill, press Enter"
        value={filters.skills}
        onChange={(skills) => onChange({ skills })}
        maxTags={MAX_SKILL_FILTERS}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the skills' }}
      />
      <TextInput
        label="Location"
        placeholder="e.g. Berlin"
        value={location}
        maxLength={100}
        onChange={(e) => {
          setLocation(e.currentTarget.value);
          applyLocation(e.currentTarget.value);
        }}
      />
      <Switch
        label="Open to remote work"
        checked={filters.remote}
        onChange={(e) => onChange({ remote: e.currentTarget.checked })}
      />
      <Checkbox.Group
        label="Experience"
        value={filters.experience}
        onChange={(experience) => onChange({ experience })}
      >
        <Stack gap={6} mt={6}>
          {EXPERIENCE_OPTIONS.map((band) => (
            <Checkbox key={band} value={band} label={experienceLabel(band)} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Checkbox.Group
        label="Job Type"
        value={filters.jobType}
        onChange={(jobType) => onChange({ jobType })}
      >
        <Stack gap={6} mt={6}>
          {JOB_TYPES.map((type) => (
            <Checkbox key={type} value={type} label={JOB_TYPE_LABELS[type]} />
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
          Clear filters
        </Button>
      </Group>
    </Stack>
  );
}
