import { Mark, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SnippetPart } from '../../../../domain/resumes';

/**
 * Where a search's words were found in the candidate's résumé: each part is text (React escapes
 * it), the matched words in <mark>. No HTML from the server is ever inserted.
 */
export function ResumeSnippet({ parts }: { parts: SnippetPart[] }) {
  const { t } = useTranslation('candidates-search');
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="resume-snippet">
      <Text span size="sm" fw={600}>
        {t('resumeLabel')}{' '}
      </Text>
      …
      {parts.map((part, i) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
          <Mark key={i}>{part.text}</Mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
          <span key={i}>{part.text}</span>
        ),
      )}
      …
    </Text>
  );
}
