import { Anchor, Badge, Code, Group, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AiReview, AiReviewResult } from '../../../../domain/ai-review';
import type { Assessment } from '../../../../domain/assessments';
import { AiGeneratedNote } from './ai-generated-note';
import type { CodeLocation } from './code-view-modal';
import { FeedbackDraft } from './feedback-draft';
import { RubricAssessment } from './rubric-assessment';
import { ScoreSuggestion } from './score-suggestion';

type Order = 3 | 4 | 5;

function Part({
  title,
  order,
  review,
  testId,
  children,
}: {
  title: string;
  order: Order;
  review: AiReview | null;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Stack gap={6} component="section" data-testid={testId}>
      <Title order={order} fz="sm">
        {title}
      </Title>
      {children}
      {review ? <AiGeneratedNote review={review} /> : null}
    </Stack>
  );
}

/** A file and line the reviewer can open: the evidence or the note's place. */
function FileLine({
  file,
  line,
  onOpen,
}: {
  file: string;
  line: number;
  onOpen: (l: CodeLocation) => void;
}) {
  const { t } = useTranslation('ai-reviewer');
  return (
    <Anchor
      component="button"
      type="button"
      size="xs"
      ff="monospace"
      onClick={() => onOpen({ file, start: line, end: line })}
      aria-label={t('code.open', { file, line })}
      style={{ overflowWrap: 'anywhere' }}
    >
      {file}:{line}
    </Anchor>
  );
}

/** A finished review: each enabled output, named as AI-generated, with the notes of our own code. */
export function AiReviewResultView({
  assessment,
  review,
  result,
  order,
  onOpen,
}: {
  assessment: Assessment;
  review: AiReview;
  result: AiReviewResult;
  order: Order;
  onOpen: (location: CodeLocation) => void;
}) {
  const { t } = useTranslation('ai-reviewer');
  const text = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;
  return (
    <Stack gap="lg">
      {result.injectionNotes.length > 0 ? (
        <Part title={t('injection.heading')} order={order} review={null} testId="ai-injection">
          <Text size="xs" c="dimmed">
            {t('injection.hint')}
          </Text>
          <List size="sm" spacing={4}>
            {result.injectionNotes.map((note) => (
              <List.Item key={`${note.file}:${note.line}`}>
                <FileLine file={note.file} line={note.line} onOpen={onOpen} />{' '}
                <Code style={text}>{note.excerpt}</Code>
              </List.Item>
            ))}
          </List>
        </Part>
      ) : null}

      {result.criteria.length > 0 ? (
        <Part title={t('rubric.heading')} order={order} review={review} testId="ai-rubric">
          {result.scoreSuggestion !== null ? (
            <ScoreSuggestion review={review} score={result.scoreSuggestion} />
          ) : null}
          <RubricAssessment result={result} order={order} onOpen={onOpen} />
        </Part>
      ) : null}

      {result.notes.length > 0 ? (
        <Part title={t('notes.heading')} order={order} review={review} testId="ai-notes">
          <Stack gap={6} component="ul" p={0} m={0}>
            {result.notes.map((note, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the notes of one review never move
              <li key={index} style={{ listStyle: 'none' }}>
                <Group gap={6} wrap="wrap">
                  <FileLine file={note.file} line={note.line} onOpen={onOpen} />
                  <Badge size="sm" variant="light" color="gray" tt="none">
                    {t(`notes.category.${note.category}`)}
                  </Badge>
                </Group>
                <Text size="sm" style={text}>
                  {note.note}
                </Text>
              </li>
            ))}
          </Stack>
        </Part>
      ) : null}

      {result.feedbackDraft !== null ? (
        <Part title={t('draft.heading')} order={order} review={review} testId="ai-draft">
          <FeedbackDraft
            key={review.id}
            assessment={assessment}
            draft={result.feedbackDraft}
            language={result.feedbackLanguage}
          />
        </Part>
      ) : null}

      {result.questions.length > 0 ? (
        <Part title={t('questions.heading')} order={order} review={review} testId="ai-questions">
          <List type="ordered" size="sm" spacing={4}>
            {result.questions.map((question, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the questions of one review never move
              <List.Item key={index}>
                <span style={text}>{question}</span>
              </List.Item>
            ))}
          </List>
        </Part>
      ) : null}

      {result.leftOut.length > 0 ? (
        <Part title={t('leftOut.heading')} order={order} review={null} testId="ai-left-out">
          <Text size="xs" c="dimmed">
            {t('leftOut.hint')}
          </Text>
          <List size="xs" spacing={2}>
            {result.leftOut.map((file) => (
              <List.Item key={file}>
                <Text span size="xs" ff="monospace" style={text}>
                  {file}
                </Text>
              </List.Item>
            ))}
          </List>
        </Part>
      ) : null}
    </Stack>
  );
}
