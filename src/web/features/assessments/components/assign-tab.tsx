import { Anchor, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Assessment, Template } from '../../../../domain/assessments';
import { formatDate } from '../../../lib/format';
import { LoadingText } from '../../../ui/loading-text';
import { EmptyState, LoadError } from '../../../ui/query-states';
import { type Column, ResponsiveTable } from '../../../ui/responsive-table';
import { TemplateCard } from '../../templates';
import { StatusBadge } from './status-badge';
import { resultsHref } from './submissions-table';

const RECENT_ASSIGNMENTS = 10;

type AssignTabProps = {
  templates: UseQueryResult<Template[]>;
  visibleTemplates: Template[];
  assessments: UseQueryResult<Assessment[]>;
  visibleAssessments: Assessment[];
  /** Why a non-empty template list shows nothing (the position filter or the search). */
  filteredOut: string | null;
  onAssign: (template: Template) => void;
};

/** The templates this recruiter may assign, and the latest assignments. */
export function AssignTab(props: AssignTabProps) {
  const { t } = useTranslation('recruiter');
  return (
    <Stack gap="xl">
      <section aria-labelledby="templates-heading">
        <Title order={2} fz="lg" mb="sm" id="templates-heading">
          {t('assign.templatesHeading')}
        </Title>
        <TemplateGrid {...props} />
      </section>
      <section aria-labelledby="recent-assignments-heading">
        <Title order={2} fz="lg" mb="sm" id="recent-assignments-heading">
          {t('assign.recentHeading')}
        </Title>
        <RecentAssignments query={props.assessments} visible={props.visibleAssessments} />
      </section>
    </Stack>
  );
}

function TemplateGrid({ templates, visibleTemplates, filteredOut, onAssign }: AssignTabProps) {
  const { t } = useTranslation('recruiter');
  const [department, setDepartment] = useState<string | null>(null);
  if (templates.isPending) return <LoadingText text={t('loadingTemplates')} />;
  if (templates.isError) {
    return <LoadError text={t('errorLoadingData')} onRetry={() => void templates.refetch()} />;
  }
  if (templates.data.length === 0) return <EmptyState>{t('contactAdmin')}</EmptyState>;
  if (visibleTemplates.length === 0) return <EmptyState>{filteredOut}</EmptyState>;
  const departments = [
    ...new Set(visibleTemplates.map((t) => t.department).filter((d) => d !== null)),
  ].sort((a, b) => a.localeCompare(b));
  const shown = department
    ? visibleTemplates.filter((x) => x.department === department)
    : visibleTemplates;
  return (
    <Stack gap="sm">
      {departments.length > 1 || department ? (
        <Select
          label={t('assign.department')}
          placeholder={t('assign.allDepartments')}
          clearable
          maw={{ base: '100%', xs: 280 }}
          data={departments}
          value={department}
          onChange={setDepartment}
        />
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {shown.map((template) => (
          <TemplateCard
            key={template.id}
            template={template}
            actionLabel={t('assign.assignToCandidate')}
            onAssign={onAssign}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function RecentAssignments({
  query,
  visible,
}: {
  query: UseQueryResult<Assessment[]>;
  visible: Assessment[];
}) {
  const { t } = useTranslation('recruiter');
  if (query.isPending) return <LoadingText text={t('loadingAssessments')} />;
  if (query.isError) {
    return <LoadError text={t('errorLoadingData')} onRetry={() => void query.refetch()} />;
  }
  if (visible.length === 0) {
    return (
      <EmptyState>
        {query.data.length === 0 ? t('assign.noAssignments') : t('assign.noAssignmentsMatch')}
      </EmptyState>
    );
  }
  const columns: Column<Assessment>[] = [
    {
      key: 'candidate',
      header: t('assign.candidate'),
      card: 'title',
      cell: (a) => (
        <>
          <Text size="sm">{a.candidateName || t('unnamedCandidate')}</Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {a.candidateEmail}
          </Text>
        </>
      ),
    },
    { key: 'template', header: t('assign.template'), cell: (a) => a.title },
    { key: 'due', header: t('assign.dueDate'), cell: (a) => formatDate(a.dueDate) },
    { key: 'status', header: t('assign.status'), cell: (a) => <StatusBadge status={a.status} /> },
    {
      key: 'actions',
      header: t('assign.actions'),
      card: 'end',
      cell: (a) => (
        <Anchor
          component={Link}
          to={resultsHref(a.id)}
          size="sm"
          aria-label={t('assign.viewLabel', {
            title: a.title,
            name: a.candidateName || t('theCandidate'),
          })}
        >
          {t('assign.view')}
        </Anchor>
      ),
    },
  ];
  // A card per assignment on a phone: the due date and status are never off-screen.
  return (
    <ResponsiveTable
      rows={visible.slice(0, RECENT_ASSIGNMENTS)}
      columns={columns}
      rowKey={(a) => a.id}
      label={t('assign.recentHeading')}
      breakpoint="48em"
      minWidth={560}
    />
  );
}
