import '../styles';
import { Badge, Code, Group, Stack, Text } from '@mantine/core';
import {
  RUN_STATUS_LABELS,
  RUN_TRIGGER_LABELS,
  TEST_RUN_TEXTS,
  type TestRun,
} from '../../../../domain/test-runs';

export const isActive = (run: TestRun) => run.status === 'queued' || run.status === 'running';

export function counts(run: TestRun): string {
  const parts = [`${run.passed} passed`, `${run.failed} failed`];
  if (run.skipped > 0) parts.push(`${run.skipped} skipped`);
  return parts.join(', ');
}

const seconds = (ms: number | null) => (ms === null ? '' : `${(ms / 1000).toFixed(1)} s`);
const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', dateStyle: 'medium' });

export function RunStatusBadge({ run }: { run: TestRun }) {
  const { label, color } = RUN_STATUS_LABELS[run.status];
  return (
    <Badge
      color={color}
      variant="light"
      data-testid="run-status"
      styles={{ label: { color: 'var(--mantine-color-dark-9)' } }}
    >
      {label}
    </Badge>
  );
}

/** One run in full: status, counts, each failure's message and the (capped) output. */
export function TestRunResult({ run, showTrigger }: { run: TestRun; showTrigger?: boolean }) {
  return (
    <Stack gap="xs" data-testid="test-run-result">
      <Group gap="sm" wrap="wrap">
        <RunStatusBadge run={run} />
        {isActive(run) ? (
          <Text size="sm" role="status">
            {run.status === 'queued' ? TEST_RUN_TEXTS.queued : TEST_RUN_TEXTS.running}
          </Text>
        ) : (
          <Text size="sm" fw={600} data-testid="run-counts">
            {counts(run)}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {[
            showTrigger
              ? `${RUN_TRIGGER_LABELS[run.trigger]}${run.includeHidden ? ' (with hidden tests)' : ''}`
              : null,
            time.format(new Date(run.createdAt)),
            seconds(run.durationMs),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Group>
      {run.failures.length > 0 ? (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {run.failures.map((failure, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a run's failures have no id and never change order
            <li key={`${failure.name}-${index}`}>
              <Text size="sm" fw={600} c="red.9">
                ✖ {failure.name}
              </Text>
              <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {failure.message}
              </Code>
            </li>
          ))}
        </Stack>
      ) : null}
      {!isActive(run) && run.output ? (
        <details>
          <summary style={{ cursor: 'pointer' }}>
            <Text span size="sm">
              Output
            </Text>
          </summary>
          <Code
            block
            mt="xs"
            style={{
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
              maxHeight: 320,
              overflow: 'auto',
            }}
            tabIndex={0}
          >
            {run.output}
          </Code>
        </details>
      ) : null}
    </Stack>
  );
}
