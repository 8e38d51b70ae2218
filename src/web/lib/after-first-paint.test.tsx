import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { markScreenShown, resetScreenShown, useAfterScreenPaint } from './after-first-paint';

afterEach(cleanup);

function Background() {
  return useAfterScreenPaint() ? <p>idle guard</p> : null;
}

describe('the signed-in parts nobody sees at first', () => {
  it('render only once the screen has been shown and the page has painted', async () => {
    resetScreenShown();
    render(<Background />);
    // Two frames' worth: without the screen there is still nothing.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('idle guard')).toBeNull();

    act(() => markScreenShown());
    expect(screen.queryByText('idle guard')).toBeNull();
    expect(await screen.findByText('idle guard')).toBeTruthy();
  });
});
