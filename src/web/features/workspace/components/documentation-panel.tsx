import { Text, Typography } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { renderMarkdown } from '../../../ui/markdown';
import classes from './workspace.module.css';

/** The project's README.md as sanitised Markdown (including unsaved edits in the editor). */
export function DocumentationPanel({ readme }: { readme: string | null }) {
  const { t } = useTranslation('workspace');
  const html = useMemo(() => (readme === null ? null : renderMarkdown(readme)), [readme]);
  if (html === null) return <Text>{t('docs.noReadme')}</Text>;
  return (
    <Typography className={classes.markdown}>
      {/* Sanitised by DOMPurify in renderMarkdown. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitised by DOMPurify */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
