import './styles';
import { AreaChart, BarChart } from '@mantine/charts';
import {
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import {
  ANALYTICS_TEXTS,
  type Analytics,
  formatDays,
  formatHours,
  formatRate,
} from '../../../../domain/analytics';
import { STAGE_LABELS } from '../../../../domain/jobs';
import { errorMessage } from '../../../api/http';
import { useAddressFilters } from '../../../lib/use-address-filters';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import { useAnalytics, useAnalyticsOptions } from '../api/analytics';
import { type AnalyticsFilters, filtersFromParams, paramsOf } from '../lib/filters';
import { ChartCard } from './chart-card';

type AnalyticsScreenProps = {
  /** Admins see every job and may filter by recruiter; recruiters see their own jobs. */
  admin?: boolean;
};

/** /admin/analytics and /recruiter/analytics: the hiring figures with their filters. */
export function AnalyticsScreen({ admin = false }: AnalyticsScreenProps) {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params, admin);
  const query = paramsOf(filters).toString();
  const figures = useAnalytics(query);
  const update = useAddressFilters(filters, params.toString(), (merged) =>
    setParams(paramsOf(merged), { replace: true }),
  );

  return (
    <>
      <PageHeader
        title={ANALYTICS_TEXTS.title}
        description={
          admin
            ? 'Hiring across every job: the pipeline, how long each step takes, and assessments.'
            : 'Hiring on your own jobs: the pipeline, how long each step takes, and assessments.'
        }
      />
      <Stack gap="md">
        <Filters admin={admin} filters={filters} onChange={update} />
        {figures.isPending ? <LoadingText text={ANALYTICS_TEXTS.loading} /> : null}
        {figures.isError ? (
          <FormError>
            <Group justify="space-between" gap="sm">
              <span>
                {ANALYTICS_TEXTS.failed}: {errorMessage(figures.error)}
              </span>
              <Button size="xs" variant="white" color="red" onClick={() => void figures.refetch()}>
                Try again
              </Button>
            </Group>
          </FormError>
        ) : null}
        {figures.data && !figures.isError ? (
          <Figures data={figures.data} busy={figures.isFetching} admin={admin} />
        ) : null}
      </Stack>
    </>
  );
}

function Filters({
  admin,
  filters,
  onChange,
}: {
  admin: boolean;
  filters: AnalyticsFilters;
  onChange: (next: Partial<AnalyticsFilters>) => void;
}) {
  const options = useAnalyticsOptions();
  const jobs = (options.data?.jobs ?? []).filter(
    (j) => !filters.recruiterId || j.recruiterId === filters.recruiterId,
  );
  const dateChange = (key: 'from' | 'to') => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    // A half-typed date waits; a cleared one goes back to the default.
    if (value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value)) onChange({ [key]: value });
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="form" role="search">
      <SimpleGrid cols={{ base: 1, xs: 2, md: admin ? 4 : 3 }} spacing="sm">
        <TextInput
          type="date"
          label="From"
          value={filters.from}
          max={filters.to || undefined}
          onChange={dateChange('from')}
        />
        <TextInput
          type="date"
          label="To"
          value={filters.to}
          min={filters.from || undefined}
          onChange={dateChange('to')}
        />
        <Select
          label="Job"
          placeholder="All jobs"
          data={jobs.map((j) => ({ value: j.id, label: j.title }))}
          value={filters.jobId || null}
          onChange={(value) => onChange({ jobId: value ?? '' })}
          clearable
          searchable
          nothingFoundMessage="No job by that name"
          disabled={options.isPending}
          comboboxProps={{ withinPortal: true }}
        />
        {admin ? (
          <Select
            label="Recruiter"
            placeholder="All recruiters"
            data={(options.data?.recruiters ?? []).map((r) => ({ value: r.id, label: r.name }))}
            value={filters.recruiterId || null}
            onChange={(value) => onChange({ recruiterId: value ?? '', jobId: '' })}
            clearable
            searchable
            nothingFoundMessage="No recruiter by that name"
            disabled={options.isPending}
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
      </SimpleGrid>
      {options.isError ? (
        <Text size="sm" c="red.9" mt="xs">
          Could not load the jobs to filter by: {errorMessage(options.error)}
        </Text>
      ) : null}
    </Paper>
  );
}

const shortDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={24} fw={700} data-stat={label}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

function Figures({ data, busy, admin }: { data: Analytics; busy: boolean; admin: boolean }) {
  const { range, totals, funnel, timeToHire, timeInStage, assessments } = data;
  const noApplications = totals.applications === 0;
  const pipeline = funnel.filter((s) => s.stage !== 'rejected' && s.stage !== 'withdrawn');
  const movedOn = timeInStage.some((s) => s.moves > 0);
  const period = range.interval === 'week' ? 'Week of' : 'Day';
  const scored = data.scoreDistribution.reduce((sum, b) => sum + b.count, 0);

  return (
    <Stack gap="md" aria-busy={busy}>
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {longDate(range.from)} – {longDate(range.to)} (UTC), counted per{' '}
        {range.interval === 'week' ? 'week' : 'day'}. Figures follow the applications made in these
        dates.
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        <Stat label="Applications" value={String(totals.applications)} />
        <Stat label="Hired" value={String(totals.hired)} />
        <Stat
          label="Median time to hire"
          value={formatDays(timeToHire.medianDays)}
          hint={timeToHire.hires === 0 ? ANALYTICS_TEXTS.noHires : `${timeToHire.hires} hired`}
        />
        <Stat
          label="Assessments completed"
          value={formatRate(assessments.completionRate)}
          hint={`${assessments.submitted} of ${assessments.assigned} submitted`}
        />
        <Stat
          label="Median review turnaround"
          value={formatHours(assessments.reviewTurnaroundHours)}
          hint="From submission to score"
        />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <ChartCard
          title="Funnel by stage"
          description="How many applications reached each stage, and the share that went on to the next."
          empty={noApplications ? ANALYTICS_TEXTS.noApplications : null}
          emptyHint={ANALYTICS_TEXTS.noApplicationsHint}
          columns={[
            { label: 'Stage' },
            { label: 'Reached', numeric: true },
            { label: 'In stage now', numeric: true },
            { label: 'Passed to next stage', numeric: true },
          ]}
          rows={funnel.map((s) => [
            STAGE_LABELS[s.stage],
            s.reached,
            s.current,
            s.stage === 'rejected' || s.stage === 'withdrawn' ? '—' : formatRate(s.passRate),
          ])}
        >
          <BarChart
            h={260}
            data={pipeline.map((s) => ({ stage: STAGE_LABELS[s.stage], Reached: s.reached }))}
            dataKey="stage"
            orientation="vertical"
            series={[{ name: 'Reached', color: 'blue.7' }]}
            withBarValueLabel
            valueFormatter={String}
            barChartProps={{ margin: { right: 28, top: 12 } }}
            accessibilityLayer={false}
            withTooltip={false}
            yAxisProps={{ width: 88 }}
            xAxisProps={{ allowDecimals: false }}
            gridAxis="x"
          />
          <Text size="sm" mt="xs">
            Rejected: {funnel.find((s) => s.stage === 'rejected')?.current ?? 0} · Withdrawn:{' '}
            {funnel.find((s) => s.stage === 'withdrawn')?.current ?? 0}
          </Text>
        </ChartCard>

        <ChartCard
          title="Applications over time"
          description={`New applications per ${range.interval === 'week' ? 'week (weeks start on Monday)' : 'day'}.`}
          empty={noApplications ? ANALYTICS_TEXTS.noApplications : null}
          emptyHint={ANALYTICS_TEXTS.noApplicationsHint}
          columns={[{ label: period }, { label: 'Applications', numeric: true }]}
          rows={data.applicationsOverTime.map((p) => [longDate(p.period), p.applications])}
        >
          <AreaChart
            h={260}
            data={data.applicationsOverTime.map((p) => ({
              period: shortDate(p.period),
              Applications: p.applications,
            }))}
            dataKey="period"
            series={[{ name: 'Applications', color: 'teal.7' }]}
            curveType="linear"
            accessibilityLayer={false}
            withTooltip={false}
            withDots={data.applicationsOverTime.length <= 31}
            yAxisProps={{ allowDecimals: false, width: 32 }}
          />
        </ChartCard>

        <ChartCard
          title="Median time in each stage"
          description="Days an application spent in a stage before its next move (stays still under way are not counted)."
          empty={movedOn ? null : ANALYTICS_TEXTS.noStageTimes}
          columns={[
            { label: 'Stage' },
            { label: 'Median time', numeric: true },
            { label: 'Moves measured', numeric: true },
          ]}
          rows={timeInStage.map((s) => [STAGE_LABELS[s.stage], formatDays(s.medianDays), s.moves])}
        >
          <BarChart
            h={240}
            data={timeInStage.map((s) => ({
              stage: STAGE_LABELS[s.stage],
              Days: s.medianDays === null ? 0 : Math.round(s.medianDays * 10) / 10,
            }))}
            dataKey="stage"
            orientation="vertical"
            series={[{ name: 'Days', color: 'violet.7' }]}
            withBarValueLabel
            valueFormatter={String}
            barChartProps={{ margin: { right: 28, top: 12 } }}
            accessibilityLayer={false}
            withTooltip={false}
            yAxisProps={{ width: 88 }}
            xAxisProps={{ allowDecimals: false }}
            gridAxis="x"
          />
        </ChartCard>

        <ChartCard
          title="Assessment scores"
          description={`Scores of the assessments assigned in these dates, in buckets of ten. ${assessments.assigned} assigned, ${assessments.submitted} submitted (${formatRate(assessments.completionRate)}), ${assessments.scored} scored.`}
          empty={
            assessments.assigned === 0
              ? ANALYTICS_TEXTS.noAssessments
              : scored === 0
                ? ANALYTICS_TEXTS.noScores
                : null
          }
          columns={[{ label: 'Score' }, { label: 'Assessments', numeric: true }]}
          rows={data.scoreDistribution.map((b) => [b.label, b.count])}
        >
          <BarChart
            h={240}
            data={data.scoreDistribution.map((b) => ({ score: b.label, Assessments: b.count }))}
            dataKey="score"
            series={[{ name: 'Assessments', color: 'orange.8' }]}
            withBarValueLabel
            valueFormatter={String}
            barChartProps={{ margin: { right: 28, top: 12 } }}
            accessibilityLayer={false}
            withTooltip={false}
            yAxisProps={{ allowDecimals: false, width: 32 }}
            xAxisProps={{ interval: 0, angle: -35, textAnchor: 'end', height: 48, fontSize: 11 }}
          />
        </ChartCard>
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        Looking for one job's applications? Open it from{' '}
        <Anchor
          component={Link}
          to={admin ? '/admin/jobs' : '/recruiter/job-listings'}
          underline="always"
        >
          {admin ? 'Manage Jobs' : 'My Listings'}
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
