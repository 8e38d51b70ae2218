// Its components' styles, whichever screen loads it first (styles are loaded per feature).
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
import { Group, Paper, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/**
 * Where a column goes in the card form: `title` heads the card, `start` sits before the
 * title (a selection checkbox), `end` closes the card without a label (actions), `field` is
 * a labelled line (the default).
 */
export type CardPlace = 'title' | 'start' | 'end' | 'field';

export interface Column<T> {
  key: string;
  /** The column heading, and the field's label in the card form. */
  header: ReactNode;
  /** A heading only screen readers hear (an actions column). */
  hiddenHeader?: boolean;
  cell: (row: T) => ReactNode;
  card?: CardPlace;
  /** Shown above the cards in the card form (a column-wide control such as Select all). */
  cardHeader?: ReactNode;
  width?: number;
  /** In the card form, a field across the card's whole width (badges that must not be cut). */
  wide?: boolean;
}

interface ResponsiveTableProps<T> {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  /** The table's (and the card list's) accessible name. */
  label: string;
  /** Below this width every row is a card (a table of five columns does not fit a phone). */
  breakpoint?: string;
  /** The table's own minimum width: between it and the breakpoint it scrolls, with a bar. */
  minWidth?: number;
  /** Each card's accessible name (an article named after its record, e.g. a user's name). */
  cardLabel?: (row: T) => string;
}

/**
 * One table for every list of records: a table on wide screens, a stack of cards on narrow
 * ones, so no column is pushed off-screen and no badge is cut (issue 31, item 3). Manage
 * Users set the pattern; the screens share it here.
 */
export function ResponsiveTable<T>({
  rows,
  columns,
  rowKey,
  label,
  breakpoint = '62em',
  minWidth = 720,
  cardLabel,
}: ResponsiveTableProps<T>) {
  // Read at once (not in an effect): the first paint is already the right form.
  const wide = useMediaQuery(`(min-width: ${breakpoint})`, true, {
    getInitialValueInEffect: false,
  });
  if (!wide)
    return (
      <CardList rows={rows} columns={columns} rowKey={rowKey} label={label} cardLabel={cardLabel} />
    );
  return (
    // A scrollbar that shows whenever the table is wider than the screen: the cue that more
    // columns are to the right (data-scroll-cue tells the route walk it is intended).
    <Table.ScrollContainer
      minWidth={minWidth}
      data-scroll-cue
      scrollAreaProps={{ type: 'auto', offsetScrollbars: 'x' }}
    >
      <Table verticalSpacing="sm" highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} w={c.width}>
                {c.hiddenHeader ? <VisuallyHidden>{c.header}</VisuallyHidden> : c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((c) => (
                <Table.Td key={c.key}>{c.cell(row)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CardList<T>({
  rows,
  columns,
  rowKey,
  label,
  cardLabel,
}: Pick<ResponsiveTableProps<T>, 'rows' | 'columns' | 'rowKey' | 'label' | 'cardLabel'>) {
  const placed = (place: CardPlace) => columns.filter((c) => (c.card ?? 'field') === place);
  const start = placed('start');
  const title = placed('title');
  const fields = placed('field');
  const end = placed('end');
  const toolbar = columns.filter((c) => c.cardHeader);
  const list = (
    <Stack gap="sm" component="ul" aria-label={label} style={{ listStyle: 'none', padding: 0 }}>
      {rows.map((row) => (
        <Paper key={rowKey(row)} component="li" withBorder radius="md" p="sm">
          <Stack
            gap="xs"
            {...(cardLabel ? { component: 'article', 'aria-label': cardLabel(row) } : {})}
          >
            {start.length + title.length > 0 ? (
              <Group gap="sm" wrap="nowrap" align="flex-start">
                {start.map((c) => (
                  <div key={c.key}>{c.cell(row)}</div>
                ))}
                <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                  {title.map((c) => (
                    <div key={c.key}>{c.cell(row)}</div>
                  ))}
                </Stack>
              </Group>
            ) : null}
            {fields.length > 0 ? (
              <SimpleGrid component="dl" cols={2} spacing="xs" verticalSpacing={6} m={0}>
                {fields.map((c) => (
                  <Stack
                    key={c.key}
                    gap={2}
                    style={{ minWidth: 0, gridColumn: c.wide ? '1 / -1' : undefined }}
                  >
                    <Text component="dt" size="xs" c="dimmed" fw={600}>
                      {c.header}
                    </Text>
                    <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                      {c.cell(row)}
                    </Text>
                  </Stack>
                ))}
              </SimpleGrid>
            ) : null}
            {end.length > 0 ? (
              <Group gap="xs" justify="flex-end">
                {end.map((c) => (
                  <div key={c.key}>{c.cell(row)}</div>
                ))}
              </Group>
            ) : null}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
  if (toolbar.length === 0) return list;
  return (
    <Stack gap="xs">
      <Group gap="sm">
        {toolbar.map((c) => (
          <div key={c.key}>{c.cardHeader}</div>
        ))}
      </Group>
      {list}
    </Stack>
  );
}
