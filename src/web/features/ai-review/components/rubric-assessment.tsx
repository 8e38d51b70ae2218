import { Anchor, Badge, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AiReviewResult } from '../../../../domain/ai-review';
import type { CodeLocation } from './code-view-modal';

type HeadingOrder = 3 | 4 | 5;

/** Per criterion: the level the model picked, its reasons and the evidence our code verified. */
export function RubricAssessment({
  result,
  order,
  onOpen,
}: {
  result: AiReviewResult;
  order: HeadingOrder;
  onOpen: (location: CodeLocation) => void;
}) {
  const { t } = useTranslation('ai-reviewer');
  return (
    <Stack gap="sm">
      {result.criteria.map((criterion) => (
        <Paper key={criterion.id} withBorder radius="sm" p="sm" data-testid="ai-criterion">
          <Group justify="space-between" gap="xs" wrap="wrap" mb={4}>
            <Title order={(order + 1) as 4 | 5 | 6} fz="sm">
              {criterion.title}
            </Title>
            <Group gap={6}>
              <Badge variant="light" color="indigo" tt="none">
                {t('rubric.level', { level: criterion.level, top: criterion.topLevel })}
              </Badge>
              <Text size="xs" c="dimmed">
                {t('rubric.weight', { weight: criterion.weight })}
              </Text>
            </Group>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {criterion.reasons}
          </Text>
          {criterion.evidence.length === 0 ? (
            <Text size="xs" c="dimmed" mt={6}>
              {t('rubric.noEvidence')}
            </Text>
          ) : (
            <Stack gap={6} mt={6} aria-label={t('rubric.evidence')} component="ul" p={0} m={0}>
              {criterion.evidence.map((cite) => (
                <li
                  key={`${cite.file}:${cite.startLine}:${cite.endLine}`}
                  style={{ listStyle: 'none' }}
                >
                  <Anchor
                    component="button"
                    type="button"
                    size="xs"
                    ff="monospace"
                    onClick={() =>
                      onOpen({ file: cite.file, start: cite.startLine, end: cite.endLine })
                    }
                    aria-label={t('code.open', { file: cite.file, line: cite.startLine })}
                  >
                    {cite.file}:{cite.startLine}
                    {cite.endLine > cite.startLine ? `–${cite.endLine}` : ''}
                  </Anchor>
                  <Code block mt={2} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {cite.quote}
                  </Code>
                </li>
              ))}
            </Stack>
          )}
        </Paper>
      ))}
      {result.unverifiedCitations > 0 ? (
        <Text size="xs" c="dimmed" data-testid="ai-unverified">
          <strong>{t('rubric.unverified', { count: result.unverifiedCitations })}</strong>
          {' · '}
          {t('rubric.unverifiedHint')}
        </Text>
      ) : null}
    </Stack>
  );
}
