import { Button, Grid, Group, NumberInput, Paper, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EXPERIENCE_OPTIONS, JOB_TYPES } from '../../../../domain/constants';
import { type BrowseQuery, POSTED_WITHIN, WORKPLACE_TYPES } from '../../../../domain/jobs';
import { numberSeparators } from '../../../lib/format';

export type Filters = {
  q: string;
  department: string | null;
  location: string;
  workplaceType: string | null;
  jobType: string | null;
  experience: string | null;
  salaryMin: number | string;
  posted: string | null;
};
export const EMPTY: Filters = {
  q: '',
  department: null,
  location: '',
  workplaceType: null,
  jobType: null,
  experience: null,
  salaryMin: '',
  posted: null,
};

export const toQuery = (f: Filters): BrowseQuery => ({
  q: f.q.trim() || undefined,
  department: f.department ?? undefined,
  location: f.location.trim() || undefined,
  workplaceType: (f.workplaceType ?? undefined) as BrowseQuery['workplaceType'],
  jobType: (f.jobType ?? undefined) as BrowseQuery['jobType'],
  experience: (f.experience ?? undefined) as BrowseQuery['experience'],
  salaryMin: f.salaryMin === '' ? undefined : Number(f.salaryMin),
  posted: (f.posted ?? undefined) as BrowseQuery['posted'],
});

/** Browse Jobs' search and filters (also the public careers site's). */
export function JobFilters({
  filters,
  onChange,
  departments,
}: {
  filters: Filters;
  onChange: (next: Filters | ((f: Filters) => Filters)) => void;
  departments: string[];
}) {
  const { t } = useTranslation('jobs');
  const separators = numberSeparators();
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) =>
    onChange((f) => ({ ...f, [key]: value }));
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      radius="md"
      mb="md"
      component="section"
      aria-label={t('filters.label')}
    >
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t('filters.search')}
            type="search"
            placeholder={t('filters.searchPlaceholder')}
            value={filters.q}
            maxLength={100}
            onChange={(e) => set('q', e.currentTarget.value)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Select
            label={t('filters.department')}
            clearable
            placeholder={t('filters.allDepartments')}
            data={departments}
            value={filters.department}
            onChange={(v) => set('department', v)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <TextInput
            label={t('filters.location')}
            placeholder={t('form.locationPlaceholder')}
            value={filters.location}
            maxLength={100}
            onChange={(e) => set('location', e.currentTarget.value)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 2.4 }}>
          <Select
            label={t('filters.workplace')}
            clearable
            placeholder={t('filters.any')}
            data={WORKPLACE_TYPES.map((w) => ({ value: w, label: t(`workplace.${w}`) }))}
            value={filters.workplaceType}
            onChange={(v) => set('workplaceType', v)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 2.4 }}>
          <Select
            label={t('form.jobType')}
            clearable
            placeholder={t('filters.any')}
            data={JOB_TYPES.map((jt) => ({ value: jt, label: t(`jobType.${jt}`) }))}
            value={filters.jobType}
            onChange={(v) => set('jobType', v)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 2.4 }}>
          <Select
            label={t('filters.experience')}
            clearable
            placeholder={t('filters.any')}
            data={EXPERIENCE_OPTIONS.map((e) => ({
              value: e,
              label: t('meta.experience', { band: e }),
            }))}
            value={filters.experience}
            onChange={(v) => set('experience', v)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 2.4 }}>
          <NumberInput
            label={t('filters.minSalary')}
            placeholder={t('filters.any')}
            min={0}
            allowDecimal={false}
            {...separators}
            value={filters.salaryMin}
            onChange={(v) => set('salaryMin', v)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 2.4 }}>
          <Select
            label={t('filters.posted')}
            clearable
            placeholder={t('filters.anyTime')}
            data={POSTED_WITHIN.map((p) => ({ value: p, label: t(`posted.${p}`) }))}
            value={filters.posted}
            onChange={(v) => set('posted', v)}
          />
        </Grid.Col>
      </Grid>
      <Group justify="flex-end" mt="sm">
        <Button variant="default" size="xs" onClick={() => onChange(EMPTY)}>
          {t('filters.clear')}
        </Button>
      </Group>
    </Paper>
  );
}
