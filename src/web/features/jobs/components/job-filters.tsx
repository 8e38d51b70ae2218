import { Button, Grid, Group, NumberInput, Paper, Select, TextInput } from '@mantine/core';
import { EXPERIENCE_OPTIONS, JOB_TYPES } from '../../../../domain/constants';
import { DEPARTMENT_TEXTS } from '../../../../domain/departments';
import {
  type BrowseQuery,
  JOB_TYPE_LABELS,
  POSTED_WITHIN,
  POSTED_WITHIN_LABELS,
  WORKPLACE_LABELS,
  WORKPLACE_TYPES,
} from '../../../../domain/jobs';

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
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) =>
    onChange((f) => ({ ...f, [key]: value }));
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      radius="md"
      mb="md"
      component="section"
      aria-label="Search and filters"
    >
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="Search"
            type="search"
            placeholder="Title, skill, department…"
            value={filters.q}
            maxLength={100}
            onChange={(e) => set('q', e.currentTarget.value)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Select
            label="Department"
            clearable
            placeholder={DEPARTMENT_TEXTS.allDepartments}
            data={departments}
            value={filters.department}
            onChange={(v) => set('department', v)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <TextInput
            label="Location"
            placeholder="e.g. Berlin"
            value={filters.location}
            maxLength={100}
            onChange={(e) => set('location', e.currentTarget.value)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 2.4 }}>
          <Select
            label="Workplace"
            clearable
            placeholder="Any"
            data={WORKPLACE_TYPES.map((w) => ({ value: w, label: WORKPLACE_LABELS[w] }))}
            value={filters.workplaceType}
            onChange={(v) => set('workplaceType', v)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 2.4 }}>
          <Select
            label="Job type"
            clearable
            placeholder="Any"
            data={JOB_TYPES.map((t) => ({ value: t, label: JOB_TYPE_LABELS[t] }))}
            value={filters.jobType}
            onChange={(v) => set('jobType', v)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 2.4 }}>
          <Select
            label="Experience"
            clearable
            placeholder="Any"
            data={[...EXPERIENCE_OPTIONS]}
            value={filters.experience}
            onChange={(v) => set('experience', v)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 2.4 }}>
          <NumberInput
            label="Minimum salary"
            placeholder="Any"
            min={0}
            allowDecimal={false}
            thousandSeparator=","
            value={filters.salaryMin}
            onChange={(v) => set('salaryMin', v)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 2.4 }}>
          <Select
            label="Posted"
            clearable
            placeholder="Any time"
            data={POSTED_WITHIN.map((p) => ({ value: p, label: POSTED_WITHIN_LABELS[p] }))}
            value={filters.posted}
            onChange={(v) => set('posted', v)}
          />
        </Grid.Col>
      </Grid>
      <Group justify="flex-end" mt="sm">
        <Button variant="default" size="xs" onClick={() => onChange(EMPTY)}>
          Clear filters
        </Button>
      </Group>
    </Paper>
  );
}
