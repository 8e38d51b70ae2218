import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResumeSnippet } from './resume-snippet';

describe('ResumeSnippet', () => {
  it('marks the matched words and shows any markup in the text as text', () => {
    const { container } = render(
      <MantineProvider>
        <ResumeSnippet
          parts={[
            { text: 'Built <img src=x onerror=alert(1)> tools in ', match: false },
            { text: 'Kubernetes', match: true },
            { text: ' <script>alert(2)</script>', match: false },
          ]}
        />
      </MantineProvider>,
    );
    const snippet = screen.getByTestId('resume-snippet');
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(snippet.textContent).toContain('<img src=x onerror=alert(1)>');
    const marks = container.querySelectorAll('mark');
    expect(Array.from(marks).map((m) => m.textContent)).toEqual(['Kubernetes']);
  });
});
