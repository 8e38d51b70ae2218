import { Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CandidateOption } from '../../../../domain/assessments';
import { FormError } from '../../../ui/form-error';
import { useCandidateSearch } from '../api/candidates';

type CandidateSelectProps = {
  value: string | null;
  onChange: (id: string | null, candidate: CandidateOption | null) => void;
  error?: React.ReactNode;
  /** A candidate chosen before the select opened: shown as the value from the start. */
  initialCandidate?: CandidateOption | null;
};

/**
 * A searchable select of users with role candidate. The search goes to the server (there may
 * be many candidates); the chosen one stays in the options even when a later search would
 * not return it.
 */
export function CandidateSelect({
  value,
  onChange,
  error,
  initialCandidate = null,
}: CandidateSelectProps) {
  const { t } = useTranslation('recruiter');
  const labelOf = (c: CandidateOption) => `${c.name || t('unnamed')} (${c.email})`;
  const [search, setSearch] = useState(initialCandidate ? labelOf(initialCandidate) : '');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const chosen = useRef<CandidateOption | null>(initialCandidate);
  // After a choice the input shows its label: that is not a search to send.
  const q = chosen.current && debounced === labelOf(chosen.current) ? '' : debounced;
  const candidates = useCandidateSearch(q);

  const byId = useMemo(() => {
    const map = new Map<string, CandidateOption>();
    for (const c of candidates.data ?? []) map.set(c.id, c);
    if (chosen.current && !map.has(chosen.current.id)) map.set(chosen.current.id, chosen.current);
    return map;
  }, [candidates.data]);
  const data = [...byId.values()].map((c) => ({ value: c.id, label: labelOf(c) }));

  return (
    <Stack gap={6}>
      <Select
        label={t('candidateSelect.label')}
        placeholder={t('candidateSelect.placeholder')}
        searchable
        clearable
        clearButtonProps={{ 'aria-label': t('candidateSelect.clear') }}
        data={data}
        value={value}
        searchValue={search}
        onSearchChange={setSearch}
        onChange={(id) => {
          const candidate = id ? (byId.get(id) ?? null) : null;
          chosen.current = candidate;
          onChange(id, candidate);
        }}
        nothingFoundMessage={
          candidates.isFetching ? t('candidateSelect.loading') : t('candidateSelect.none')
        }
        error={error}
        withAsterisk={false}
        required
        comboboxProps={{ withinPortal: true }}
        renderOption={({ option }) => {
          const c = byId.get(option.value);
          return (
            <Stack gap={0}>
              <Text size="sm">{c?.name || t('unnamed')}</Text>
              <Text size="xs" c="dimmed">
                {c?.email}
              </Text>
            </Stack>
          );
        }}
      />
      {candidates.isError ? <FormError>{t('candidateSelect.failed')}</FormError> : null}
    </Stack>
  );
}
