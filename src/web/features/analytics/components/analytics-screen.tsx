import './styles';
import { AreaChart, BarChart } from '@mantine/charts';
import { Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Analytics } from '../../../../domain/analytics';
import type { Stage } from '../../../../domain/jobs';
import { errorMessage } from '../../../api/http';
import { formatDate, formatMonthDay, formatNumber } from '../../../lib/format';
import { useAddressFilters } from '../../../lib/use-address-filters';
import { DateField } from '../../../ui/date-field';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import { useAnalytics, useAnalyticsOptions } from '../api/analytics';
import { categoryAxisWidth } from '../lib/axis-width';
import { type AnalyticsFilters, filtersFromParams, paramsOf } from '../lib/filters';
import { ChartCard } from './chart-card';

type AnalyticsScreenProps = {
  /** Admins see every job and may filter by recruiter; recruiters see their own jobs. */
  admin?: boolean;
};

/** /admin/analytics and /recruiter/analytics: the hiring figures with their filters. */
export function AnalyticsScreen({ admin = false }: AnalyticsScreenProps) {
  const { t } = useTranslation('analytics');
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
        title={t('title')}
        description={admin ? t('descriptionAdmin') : t('descriptionRecruiter')}
      />
      <Stack gap="md">
        <Filters admin={admin} filters={filters} onChange={update} />
        {figures.isPending ? <LoadingText text={t('loading')} /> : null}
        {figures.isError ? (
          <FormError>
            <Group justify="space-between" gap="sm">
              <span>{t('failed', { reason: errorMessage(figures.error) })}</span>
              <Button size="xs" variant="white" color="red" onClick={() => void figures.refetch()}>
                {t('tryAgain')}
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
  const { t } = useTranslation('analytics');
  const options = useAnalyticsOptions();
  const jobs = (options.data?.jobs ?? []).filter(
    (j) => !filters.recruiterId || j.recruiterId === filters.recruiterId,
  );
  // The field gives whole days only; a cleared one ('') goes back to the default.
  const dateChange = (key: 'from' | 'to') => (value: string) => onChange({ [key]: value });
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="form" role="search">
      <SimpleGrid cols={{ base: 1, xs: 2, md: admin ? 4 : 3 }} spacing="sm">
        <DateField
          label={t('filters.from')}
          value={filters.from}
          max={filters.to || undefined}
          onChange={dateChange('from')}
        />
        <DateField
          label={t('filters.to')}
          value={filters.to}
          min={filters.from || undefined}
          onChange={dateChange('to')}
        />
        <Select
          label={t('filters.job')}
          placeholder={t('filters.allJobs')}
          data={jobs.map((j) => ({ value: j.id, label: j.title }))}
          value={filters.jobId || null}
          onChange={(value) => onChange({ jobId: value ?? '' })}
          clearable
          searchable
          nothingFoundMessage={t('filters.noJob')}
          disabled={options.isPending}
          comboboxProps={{ withinPortal: true }}
        />
        {admin ? (
          <Select
            label={t('filters.recruiter')}
            placeholder={t('filters.allRecruiters')}
            data={(options.data?.recruiters ?? []).map((r) => ({ value: r.id, label: r.name }))}
            value={filters.recruiterId || null}
            onChange={(value) => onChange({ recruiterId: value ?? '', jobId: '' })}
            clearable
            searchable
            nothingFoundMessage={t('filters.noRecruiter')}
            disabled={options.isPending}
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
      </SimpleGrid>
      {options.isError ? (
        <Text size="sm" c="red.9" mt="xs">
          {t('filters.optionsFailed', { reason: errorMessage(options.error) })}
        </Text>
      ) : null}
    </Paper>
  );
}

const NONE = '—';

/** '42 %' in the reader's locale; '—' without a rate. */
const rate = (value: number | null) =>
  value === null ? NONE : formatNumber(value, { style: 'percent', maximumFractionDigits: 0 });

/** '3.5 days' / '3,5 Tage'; '—' without a figure. */
function days(t: TFunction<'analytics'>, value: number | null): string {
  if (value === null) return NONE;
  const rounded = Math.round(value * 10) / 10;
  return t('units.days', { count: rounded, value: formatNumber(rounded) });
}

/** '5 hours', or days from 48 hours on; '—' without a figure. */
function hours(t: TFunction<'analytics'>, value: number | null): string {
  if (value === null) return NONE;
  if (value >= 48) return days(t, value / 24);
  const rounded = Math.round(value * 10) / 10;
  return t('units.hours', { count: rounded, value: formatNumber(rounded) });
}

const count = (value: number) => formatNumber(value);

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
  const { t } = useTranslation('analytics');
  const stage = (s: Stage) => t(`stages.${s}`);
  const { range, totals, funnel, timeToHire, timeInStage, assessments } = data;
  const noApplications = totals.applications === 0;
  const pipeline = funnel.filter((s) => s.stage !== 'rejected' && s.stage !== 'withdrawn');
  const movedOn = timeInStage.some((s) => s.moves > 0);
  const period = range.interval === 'week' ? t('overTime.weekOf') : t('overTime.day');
  const looking = admin ? 'lookingAdmin' : 'lookingRecruiter';
  const scored = data.scoreDistribution.reduce((sum, b) => sum + b.count, 0);
  // Both bar charts name stages: one axis width for both, so their bars line up.
  const stageAxis = categoryAxisWidth([...pipeline, ...timeInStage].map((s) => stage(s.stage)));

  return (
    <Stack gap="md" aria-busy={busy}>
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {t(range.interval === 'week' ? 'rangeWeek' : 'rangeDay', {
          from: formatDate(range.from),
          to: formatDate(range.to),
        })}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        <Stat label={t('stats.applications')} value={count(totals.applications)} />
        <Stat label={t('stats.hired')} value={count(totals.hired)} />
        <Stat
          label={t('stats.timeToHire')}
          value={days(t, timeToHire.medianDays)}
          hint={
            timeToHire.hires === 0
              ? t('empty.noHires')
              : t('stats.hiredCount', { count: timeToHire.hires })
          }
        />
        <Stat
          label={t('stats.completed')}
          value={rate(assessments.completionRate)}
          hint={t('stats.submittedOf', {
            submitted: count(assessments.submitted),
            assigned: count(assessments.assigned),
          })}
        />
        <Stat
          label={t('stats.turnaround')}
          value={hours(t, assessments.reviewTurnaroundHours)}
          hint={t('stats.turnaroundHint')}
        />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <ChartCard
          title={t('funnel.title')}
          description={t('funnel.description')}
          empty={noApplications ? t('empty.noApplications') : null}
          emptyHint={t('empty.noApplicationsHint')}
          columns={[
            { label: t('funnel.stage') },
            { label: t('funnel.reached'), numeric: true },
            { label: t('funnel.inStageNow'), numeric: true },
            { label: t('funnel.passed'), numeric: true },
          ]}
          rows={funnel.map((s) => [
            stage(s.stage),
            count(s.reached),
            count(s.current),
            s.stage === 'rejected' || s.stage === 'withdrawn' ? NONE : rate(s.passRate),
          ])}
        >
          <BarChart
            h={260}
            data={pipeline.map((s) => ({ stage: stage(s.stage), reached: s.reached }))}
            dataKey="stage"
            orientation="vertical"
            series={[{ name: 'reached', label: t('funnel.reached'), color: 'blue.7' }]}
            withBarValueLabel
            valueFormatter={count}
            barChartProps={{ margin: { right: 28, top: 12 } }}
            accessibilityLayer={false}
            withTooltip={false}
            yAxisProps={{ width: stageAxis }}
            xAxisProps={{ allowDecimals: false }}
            gridAxis="x"
          />
          <Text size="sm" mt="xs">
            {t('funnel.endings', {
              rejected: count(funnel.find((s) => s.stage === 'rejected')?.current ?? 0),
              withdrawn: count(funnel.find((s) => s.stage === 'withdrawn')?.current ?? 0),
            })}
          </Text>
        </ChartCard>

        <ChartCard
          title={t('overTime.title')}
          description={
            range.interval === 'week' ? t('overTime.descriptionWeek') : t('overTime.descriptionDay')
          }
          empty={noApplications ? t('empty.noApplications') : null}
          emptyHint={t('empty.noApplicationsHint')}
          columns={[{ label: period }, { label: t('overTime.applications'), numeric: true }]}
          rows={data.applicationsOverTime.map((p) => [formatDate(p.period), count(p.applications)])}
        >
          <AreaChart
            h={260}
            data={data.applicationsOverTime.map((p) => ({
              period: formatMonthDay(p.period),
              applications: p.applications,
            }))}
            dataKey="period"
            series={[{ name: 'applications', label: t('overTime.applications'), color: 'teal.7' }]}
            valueFormatter={count}
            curveType="linear"
            accessibilityLayer={false}
            withTooltip={false}
            withDots={data.applicationsOverTime.length <= 31}
            yAxisProps={{ allowDecimals: false, width: 32 }}
          />
        </ChartCard>

        <ChartCard
          title={t('timeInStage.title')}
          description={t('timeInStage.description')}
          empty={movedOn ? null : t('empty.noStageTimes')}
          columns={[
            { label: t('timeInStage.stage') },
            { label: t('timeInStage.median'), numeric: true },
            { label: t('timeInStage.moves'), numeric: true },
          ]}
          rows={timeInStage.map((s) => [stage(s.stage), days(t, s.medianDays), count(s.moves)])}
        >
          <BarChart
            h={240}
            data={timeInStage.map((s) => ({
              stage: stage(s.stage),
              days: s.medianDays === null ? 0 : Math.round(s.medianDays * 10) / 10,
            }))}
            dataKey="stage"
            orientation="vertical"
            series={[{ name: 'days', label: t('timeInStage.days'), color: 'violet.7' }]}
            withBarValueLabel
            valueFormatter={count}
            barChartProps={{ margin: { right: 28, top: 12 } }}
            accessibilityLayer={false}
            withTooltip={false}
            yAxisProps={{ width: stageAxis }}
            xAxisProps={{ allowDecimals: false }}
            gridAxis="x"
          />
        </ChartCard>

        <ChartCard
          title={t('scores.title')}
          description={t('scores.description', {
            assigned: count(assessments.assigned),
            submitted: count(assessments.submitted),
            rate: rate(assessments.completionRate),
            scored: count(assessments.scored),
          })}
          empty={
            assessments.assigned === 0
              ? t('empty.noAssessments')
              : scored === 0
                ? t('empty.noScores')
                : null
          }
          columns={[
            { label: t('scores.score') },
            { label: t('scores.assessments'), numeric: true },
          ]}
          rows={data.scoreDistribution.map((b) => [b.label, count(b.count)])}
        >
          <BarChart
            h={240}
            data={data.scoreDistribution.map((b) => ({ score: b.label, assessments: b.count }))}
            dataKey="score"
            series={[{ name: 'assessments', label: t('scores.assessments'), color: 'orange.8' }]}
            withBarValueLabel
            valueFormatter={count}
            barChartProps={{ margin: { right: 28, top: 12 } }}
            accessibilityLayer={false}
            withTooltip={false}
            yAxisProps={{ allowDecimals: false, width: 32 }}
            xAxisProps={{ interval: 0, angle: -35, textAnchor: 'end', height: 48, fontSize: 11 }}
          />
        </ChartCard>
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t(`${looking}.before`)}
        <Anchor
          component={Link}
          to={admin ? '/admin/jobs' : '/recruiter/job-listings'}
          underline="always"
        >
          {t(`${looking}.link`)}
        </Anchor>
        {t(`${looking}.after`)}
      </Text>
    </Stack>
  );
}
