import { describe, expect, it } from 'vitest';
import {
  isNearBottom,
  isNearTop,
  listChange,
  scrollAction,
  scrollTopAfterPrepend,
} from './message-scroll';

describe('isNearBottom / isNearTop', () => {
  it('counts the last 120 px as the bottom', () => {
    expect(isNearBottom({ scrollTop: 880, scrollHeight: 1500, clientHeight: 500 })).toBe(true);
    expect(isNearBottom({ scrollTop: 1000, scrollHeight: 1500, clientHeight: 500 })).toBe(true);
    expect(isNearBottom({ scrollTop: 879, scrollHeight: 1500, clientHeight: 500 })).toBe(false);
  });

  it('counts a list shorter than its box as being at the bottom', () => {
    expect(isNearBottom({ scrollTop: 0, scrollHeight: 300, clientHeight: 500 })).toBe(true);
  });

  it('counts the first 120 px as the top', () => {
    expect(isNearTop({ scrollTop: 120, scrollHeight: 1500, clientHeight: 500 })).toBe(true);
    expect(isNearTop({ scrollTop: 121, scrollHeight: 1500, clientHeight: 500 })).toBe(false);
  });
});

describe('scrollTopAfterPrepend', () => {
  it('moves down by what was added above', () => {
    const before = { scrollTop: 10, scrollHeight: 2000, clientHeight: 500 };
    expect(scrollTopAfterPrepend(before, 3200)).toBe(1210);
  });

  it('never scrolls above the start', () => {
    const before = { scrollTop: 0, scrollHeight: 2000, clientHeight: 500 };
    expect(scrollTopAfterPrepend(before, 1900)).toBe(0);
  });
});

describe('listChange', () => {
  const ends = (firstId: string, lastId: string) => ({ firstId, lastId });

  it('tells what happened to the list', () => {
    expect(listChange(null, null)).toBe('none');
    expect(listChange(null, ends('a', 'z'))).toBe('initial');
    expect(listChange(ends('a', 'z'), ends('a', 'z'))).toBe('none');
    expect(listChange(ends('m', 'z'), ends('a', 'z'))).toBe('prepended');
    expect(listChange(ends('a', 'y'), ends('a', 'z'))).toBe('appended');
    expect(listChange(ends('a', 'y'), ends('b', 'z'))).toBe('replaced');
  });
});

describe('scrollAction', () => {
  const away = { wasNearBottom: false, newestIsOwn: false };

  it('opens at the newest message', () => {
    expect(scrollAction('initial', away)).toBe('bottom');
  });

  it('keeps the view still when older messages arrive above', () => {
    expect(scrollAction('prepended', { wasNearBottom: true, newestIsOwn: true })).toBe(
      'keep-position',
    );
  });

  it('follows a new message only when the reader was at the end or wrote it', () => {
    expect(scrollAction('appended', away)).toBe('none');
    expect(scrollAction('appended', { ...away, wasNearBottom: true })).toBe('bottom');
    expect(scrollAction('appended', { ...away, newestIsOwn: true })).toBe('bottom');
  });

  it('does nothing when nothing changed', () => {
    expect(scrollAction('none', { wasNearBottom: true, newestIsOwn: true })).toBe('none');
  });
});
