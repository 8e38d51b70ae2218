import { type KeyboardEvent, type PointerEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './ide.module.css';

const MIN = 160;
const MAX = 520;
const STEP = 16;
const KEY = 'tf:workspace:tree-width';

const clamp = (width: number) => Math.round(Math.min(MAX, Math.max(MIN, width)));

function stored(): number {
  const value = Number(window.localStorage.getItem(KEY));
  return Number.isFinite(value) && value > 0 ? clamp(value) : 240;
}

/** The file tree's width, kept in this browser. */
export function useTreeWidth() {
  const [width, setWidth] = useState(stored);
  const set = (next: number) => {
    const value = clamp(next);
    setWidth(value);
    window.localStorage.setItem(KEY, String(value));
  };
  return [width, set] as const;
}

/** The drag handle between the tree and the editor; arrow keys move it too. */
export function TreeResizer({ width, onResize }: { width: number; onResize: (w: number) => void }) {
  const { t } = useTranslation('workspace');
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const startX = event.clientX;
    const startWidth = width;
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    const move = (e: globalThis.PointerEvent) => onResize(startWidth + e.clientX - startX);
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next =
      event.key === 'ArrowLeft'
        ? width - STEP
        : event.key === 'ArrowRight'
          ? width + STEP
          : event.key === 'Home'
            ? MIN
            : event.key === 'End'
              ? MAX
              : null;
    if (next === null) return;
    event.preventDefault();
    onResize(next);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable splitter has no native element (WAI-ARIA window splitter pattern)
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={t('ide.resizeTree')}
      aria-valuenow={width}
      aria-valuemin={MIN}
      aria-valuemax={MAX}
      tabIndex={0}
      className={classes.resizer}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    />
  );
}
