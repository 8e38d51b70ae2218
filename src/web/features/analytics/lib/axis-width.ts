/** Recharts' tick font: Mantine charts draw axis labels at 12 px in the app's font. */
const TICK_FONT = '12px Inter, ui-sans-serif, system-ui, sans-serif';
const MIN = 48;
const MAX = 160;
/** Room between a label and the bars, and for the tick line. */
const GAP = 14;

let context: CanvasRenderingContext2D | null | undefined;

function textWidth(text: string): number {
  if (context === undefined) {
    try {
      context = document.createElement('canvas').getContext('2d');
    } catch {
      context = null;
    }
  }
  if (context) {
    context.font = TICK_FONT;
    const measured = context.measureText(text).width;
    if (measured > 0) return measured;
  }
  // No canvas (tests): a generous average glyph width, wide glyphs (Japanese) counted twice.
  return [...text].reduce((sum, ch) => sum + (ch.charCodeAt(0) > 0x2e80 ? 12 : 7.5), 0);
}

/**
 * The width a bar chart's category axis needs for its longest label ("Vorstellungsgespräch"
 * in German), so no stage name is cut at the chart's left edge; capped so the bars keep room
 * on a phone.
 */
export function categoryAxisWidth(labels: readonly string[]): number {
  const widest = Math.max(0, ...labels.map(textWidth));
  return Math.min(MAX, Math.max(MIN, Math.ceil(widest + GAP)));
}
