import { Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  similarityReportSchema as reportSchema,
  type SideBySide as SideBySideData,
  sideBySideSchema,
} from '../../../domain/similarity-api';
import { apiFetch, errorMessage } from '../../api/http';
import { formatNumber } from '../../lib/format';
import { type Column, ResponsiveTable } from '../../ui/responsive-table';

type Side = SideBySideData['left'];

/** A whole percentage in the reader's locale ('42 %' in German). */
const percent = (value: number) => formatNumber(value / 100, { style: 'percent' });

const base = (id: string) => `/api/assessments/${encodeURIComponent(id)}/similarity`;

/** The reviewer's similarity check (docs/decisions/026): top matches, flag, side by side. */
export function SimilarityPanel({
  assessmentId,
  headingOrder,
}: {
  assessmentId: string;
  headingOrder: 2 | 3 | 4;
}) {
  const { t } = useTranslation('review');
  const report = useQuery({
    queryKey: ['similarity', assessmentId],
    queryFn: ({ signal }) => apiFetch(base(assessmentId), { schema: reportSchema, signal }),
    // Queued right after submission: look again until it is done.
    refetchInterval: (q) => (q.state.data?.status === 'queued' ? 3000 : false),
  });
  const [compare, setCompare] = useState<string | null>(null);
  const data = report.data;
  const threshold = data?.threshold ?? 100;
  // A card per match on a phone: the share and Compare stay on screen (issue 31).
  const matchColumns: Column<NonNullable<typeof data>['matches'][number]>[] = [
    {
      key: 'candidate',
      header: t('similarity.candidate'),
      card: 'title',
      cell: (m) => (
        <>
          {m.candidateName}
          {m.otherRecruiter ? (
            <Text size="xs" c="dimmed">
              {t('similarity.otherRecruiter')}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'share',
      header: t('similarity.share'),
      cell: (m) => (
        <Text component="span" c={m.percent >= threshold ? 'red' : undefined} fw={600}>
          {t('similarity.matched', { percent: percent(m.percent) })}
        </Text>
      ),
    },
    {
      key: 'compare',
      header: t('similarity.compare'),
      hiddenHeader: true,
      card: 'end',
      cell: (m) => (
        <Button size="xs" variant="light" onClick={() => setCompare(m.assessmentId)}>
          {t('similarity.compare')}
        </Button>
      ),
    },
  ];
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section">
      <Group justify="space-between" mb="sm">
        <Title order={headingOrder} fz="md">
          {t('similarity.heading')}
        </Title>
        {data?.flagged ? (
          <Badge color="red" data-testid="similarity-flag">
            {t('similarity.flagged', { percent: percent(data.matches[0]?.percent ?? 0) })}
          </Badge>
        ) : null}
      </Group>
      {report.isError ? (
        <Text c="red">{errorMessage(report.error)}</Text>
      ) : !data ? (
        <Text c="dimmed">{t('similarity.loading')}</Text>
      ) : data.status === 'queued' ? (
        <Text c="dimmed">{t('similarity.running')}</Text>
      ) : data.matches.length === 0 ? (
        <Text c="dimmed">
          {data.status === 'none' ? t('similarity.notYet') : t('similarity.noMatches')}
        </Text>
      ) : (
        <ResponsiveTable
          rows={data.matches}
          columns={matchColumns}
          rowKey={(m) => m.assessmentId}
          label={t('similarity.table')}
          breakpoint="48em"
          minWidth={360}
        />
      )}
      <Modal
        opened={compare !== null}
        onClose={() => setCompare(null)}
        title={t('similarity.sideBySide')}
        size="100%"
        closeButtonProps={{ 'aria-label': t('similarity.close') }}
      >
        {compare ? <SideBySide assessmentId={assessmentId} otherId={compare} /> : null}
      </Modal>
    </Paper>
  );
}

function SideBySide({ assessmentId, otherId }: { assessmentId: string; otherId: string }) {
  const { t } = useTranslation('review');
  const view = useQuery({
    queryKey: ['similarity', assessmentId, otherId],
    queryFn: ({ signal }) =>
      apiFetch(`${base(assessmentId)}/${encodeURIComponent(otherId)}`, {
        schema: sideBySideSchema,
        signal,
      }),
  });
  if (view.isError) return <Text c="red">{errorMessage(view.error)}</Text>;
  if (!view.data) return <Text c="dimmed">{t('similarity.loadingView')}</Text>;
  return (
    <Stack gap="sm">
      <Text size="sm">{t('similarity.summary', { percent: percent(view.data.percent) })}</Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <SideView
          side={view.data.left}
          label={t('similarity.thisSubmission', { name: view.data.left.candidateName })}
        />
        <SideView
          side={view.data.right}
          label={t('similarity.otherSubmission', { name: view.data.right.candidateName })}
        />
      </SimpleGrid>
    </Stack>
  );
}

function SideView({ side, label }: { side: Side; label: string }) {
  return (
    <Stack gap="xs" data-testid={`side-${side.assessmentId}`}>
      <Text fw={600}>{label}</Text>
      {side.files.map((file) => {
        const regions = side.regions.filter((r) => r.path === file.path);
        const matched = (line: number) =>
          regions.some((r) => line >= r.startLine && line <= r.endLine);
        return (
          <div key={file.path}>
            <Text size="sm" ff="monospace" c="dimmed">
              {file.path}
            </Text>
            <pre
              style={{ margin: 0, fontSize: 12, overflowX: 'auto', maxHeight: 480 }}
              data-path={file.path}
            >
              {file.content.split('\n').map((text, i) => (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
                  key={i}
                  data-match={matched(i + 1) ? 'true' : undefined}
                  style={{
                    background: matched(i + 1) ? 'var(--mantine-color-yellow-light)' : undefined,
                  }}
                >
                  <span style={{ color: 'var(--mantine-color-dimmed)', userSelect: 'none' }}>
                    {String(i + 1).padStart(4, ' ')}{' '}
                  </span>
                  {text || ' '}
                </div>
              ))}
            </pre>
          </div>
        );
      })}
    </Stack>
  );
}
