import { Anchor, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ASSESSMENT_TEXTS, type Assessment, type Template } from '../../../../domain/assessments';
import { DEPARTMENT_TEXTS } from '../../../../domain/departments';
import { LoadingText } from '../../../ui/loading-text';
import { formatDate } from '../lib/format';
import { EmptyState, LoadError } from './query-states';
import { StatusBadge } from './status-badge';
import { resultsHref } from './submissions-table';
import { TemplateCard } from './template-card';

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
  return (
    <Stack gap="xl">
      <section aria-labelledby="templates-heading">
        <Title order={2} fz="lg" mb="sm" id="templates-heading">
          Assessment Templates
        </Title>
        <TemplateGrid {...props} />
      </section>
      <section aria-labelledby="recent-assignments-heading">
        <Title order={2} fz="lg" mb="sm" id="recent-assignments-heading">
          Recent Assignments
        </Title>
        <RecentAssignments query={props.assessments} visible={props.visibleAssessments} />
      </section>
    </Stack>
  );
}

function TemplateGrid({ templates, visibleTemplates, filteredOut, onAssign }: AssignTabProps) {
  const [department, setDepartment] = useState<string | null>(null);
  if (templates.isPending) return <LoadingText text="Loading assessment templates..." />;
  if (templates.isError) {
    return (
      <LoadError
        text={ASSESSMENT_TEXTS.errorLoadingData}
        onRetry={() => void templates.refetch()}
      />
    );
  }
  if (templates.data.length === 0) return <EmptyState>{ASSESSMENT_TEXTS.contactAdmin}</EmptyState>;
  if (visibleTemplates.length === 0) return <EmptyState>{filteredOut}</EmptyState>;
  const departments = [
    ...new Set(visibleTemplates.map((t) => t.department).filter((d) => d !== null)),
  ].sort((a, b) => a.localeCompare(b));
  const shown = department
    ? visibleTemplates.filter((t) => t.department === department)
    : visibleTemplates;
  return (
    <Stack gap="sm">
      {departments.length > 1 || department ? (
        <Select
          label="Department"
          placeholder={DEPARTMENT_TEXTS.allDepartments}
          clearable
          maw={{ base: '100%', xs: 280 }}
          data={departments}
          value={department}
          onChange={setDepartment}
        />
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {shown.map((t) => (
          <TemplateCard
            key={t.id}
            template={t}
            actionLabel="Assign to Candidate"
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
  if (query.isPending) return <LoadingText text={ASSESSMENT_TEXTS.loadingAssessments} />;
  if (query.isError) {
    return (
      <LoadError text={ASSESSMENT_TEXTS.errorLoadingData} onRetry={() => void query.refetch()} />
    );
  }
  if (visible.length === 0) {
    return (
      <EmptyState>
        {query.data.length === 0 ? 'No assignments yet.' : 'No assignments match the filters.'}
      </EmptyState>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        aria-labelledby="recent-assignments-heading"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Candidate</Table.Th>
            <Table.Th>Template</Table.Th>
            <Table.Th>Due Date</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {visible.slice(0, RECENT_ASSIGNMENTS).map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>
                <Text size="sm">{a.candidateName || 'Unnamed candidate'}</Text>
                <Text size="xs" c="dimmed">
                  {a.candidateEmail}
                </Text>
              </Table.Td>
              <Table.Td>{a.title}</Table.Td>
              <Table.Td>{formatDate(a.dueDate)}</Table.Td>
              <Table.Td>
                <StatusBadge status={a.status} />
              </Table.Td>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={resultsHref(a.id)}
                  size="sm"
                  aria-label={`View ${a.title} for ${a.candidateName || 'the candidate'}`}
                >
                  View
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
