import { Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type TableColumn = { label: string; numeric?: boolean };

type ChartCardProps = {
  title: string;
  description?: ReactNode;
  /** What the chart shows, said again as a table (the numbers screen readers read). */
  columns: TableColumn[];
  rows: (string | number)[][];
  /** When set, the card says this instead of drawing an empty chart. */
  empty?: string | null;
  emptyHint?: string;
  children: ReactNode;
};

/**
 * A chart with its numbers as a table. The drawing is hidden from assistive technology; the
 * table is always there for it (visually hidden until "Show table" is pressed), so both say
 * the same thing from the same rows.
 */
export function ChartCard({
  title,
  description,
  columns,
  rows,
  empty,
  emptyHint,
  children,
}: ChartCardProps) {
  const { t } = useTranslation('analytics');
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  const table = (
    <Table striped withTableBorder fz="sm" id={`${id}-table`}>
      <caption>{title}</caption>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.label} ta={c.numeric ? 'right' : undefined} scope="col">
              {c.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={String(row[0])}>
            {row.map((cell, i) =>
              i === 0 ? (
                <Table.Th key={columns[i]!.label} scope="row" fw={500}>
                  {cell}
                </Table.Th>
              ) : (
                <Table.Td key={columns[i]!.label} ta={columns[i]!.numeric ? 'right' : undefined}>
                  {cell}
                </Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby={`${id}-title`}
      style={{ minWidth: 0 }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} fz="lg" id={`${id}-title`}>
            {title}
          </Title>
          {empty ? null : (
            <Button
              variant="default"
              size="compact-sm"
              aria-expanded={showTable}
              aria-controls={`${id}-table`}
              onClick={() => setShowTable((s) => !s)}
            >
              {showTable ? t('hideTable') : t('showTable')}
            </Button>
          )}
        </Group>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
        {empty ? (
          <Paper bg="gray.0" p="md" radius="sm">
            <Text fw={500}>{empty}</Text>
            {emptyHint ? (
              <Text size="sm" c="dimmed" mt={4}>
                {emptyHint}
              </Text>
            ) : null}
          </Paper>
        ) : (
          <>
            <div aria-hidden="true" data-chart={title}>
              {children}
            </div>
            {showTable ? table : <VisuallyHidden component="div">{table}</VisuallyHidden>}
          </>
        )}
      </Stack>
    </Paper>
  );
}
