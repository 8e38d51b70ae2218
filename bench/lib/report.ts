/** One line of the summary: a measured figure and, when there is one, its budget. */
export interface Metric {
  stage: string;
  name: string;
  value: number | null;
  unit: string;
  /** The budget or target, and which way it goes. */
  budget?: { limit: number; kind: 'max' | 'min' };
  /** null when not measured (error) or when there is no budget. */
  pass: boolean | null;
  note?: string;
}

export interface StageResult {
  stage: string;
  ok: boolean;
  error?: string;
  durationMs: number;
  metrics: Metric[];
  /** Stage-specific details kept in the JSON report (file lists, raw figures). */
  details?: unknown;
}

export function metric(
  stage: string,
  name: string,
  value: number | null,
  unit: string,
  budget?: Metric['budget'],
  note?: string,
): Metric {
  const pass =
    value === null || budget === undefined
      ? null
      : budget.kind === 'max'
        ? value <= budget.limit
        : value >= budget.limit;
  return { stage, name, value, unit, budget, pass, note };
}

export function formatValue(value: number | null, unit: string): string {
  if (value === null) return 'n/a';
  const digits = Number.isInteger(value) ? 0 : Math.abs(value) < 1 ? 3 : 1;
  return `${value.toFixed(digits)}${unit ? ` ${unit}` : ''}`;
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length)));
  return rows
    .map((row, r) => {
      const line = row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd();
      return r === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line;
    })
    .join('\n');
}

export function summaryTable(results: StageResult[]): string {
  const rows: string[][] = [['stage', 'metric', 'value', 'budget', 'status']];
  for (const result of results) {
    if (!result.ok) {
      rows.push([result.stage, 'ERROR', '', '', (result.error ?? '').split('\n')[0]!.slice(0, 80)]);
    }
    for (const m of result.metrics) {
      const budget = m.budget
        ? `${m.budget.kind === 'max' ? '<=' : '>='} ${formatValue(m.budget.limit, m.unit)}`
        : '';
      const status = m.pass === null ? (m.budget ? 'n/a' : '') : m.pass ? 'ok' : 'FAIL';
      rows.push([m.stage, m.name, formatValue(m.value, m.unit), budget, status]);
    }
  }
  return table(rows);
}

export function printTable(rows: string[][]) {
  console.log(table(rows));
}
