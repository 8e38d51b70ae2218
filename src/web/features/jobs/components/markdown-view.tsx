import { Typography } from '@mantine/core';
import { useMemo } from 'react';
import { renderMarkdown } from '../../workspace/lib/markdown';

/** A job description: Markdown rendered by marked, sanitised by DOMPurify (the README's renderer). */
export function MarkdownView({ source }: { source: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return (
    <Typography>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitised by DOMPurify */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
