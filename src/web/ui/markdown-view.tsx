import '@mantine/core/styles/Typography.css';
import { Text, Typography } from '@mantine/core';
import { useMemo } from 'react';
import { renderMarkdown } from './markdown';
import classes from './markdown-view.module.css';

/** Markdown written by users (answers, READMEs), rendered safely: sanitised by DOMPurify. */
export function MarkdownView({ source, empty }: { source: string; empty: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  if (!source.trim()) return <Text c="dimmed">{empty}</Text>;
  return (
    <Typography className={classes.markdown}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitised by DOMPurify */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
