import { Text, Typography } from '@mantine/core';
import { useMemo } from 'react';
import { renderMarkdown } from '../../../ui/markdown';
import classes from './workspace.module.css';

/** The project's README.md as sanitised Markdown (including unsaved edits in the editor). */
export function DocumentationPanel({ readme }: { readme: string | null }) {
  const html = useMemo(() => (readme === null ? null : renderMarkdown(readme)), [readme]);
  if (html === null) return <Text>This project has no README.md.</Text>;
  return (
    <Typography className={classes.markdown}>
      {/* Sanitised by DOMPurify in renderMarkdown. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitised by DOMPurify */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
