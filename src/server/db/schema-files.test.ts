import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = import.meta.dirname;
const files = readdirSync(dir).filter((f) => /^schema.*\.ts$/.test(f) && !f.endsWith('.test.ts'));

/** The schema files each schema file imports (relative imports within this folder). */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(dir, file), 'utf8');
  return [...text.matchAll(/^(?:import|export)[^;]*?from '\.\/([\w-]+)'/gms)]
    .map((m) => `${m[1]}.ts`)
    .filter((f) => files.includes(f));
}

describe('schema files', () => {
  it('import one another without a cycle (schema.ts only gathers them)', () => {
    const graph = new Map(files.map((f) => [f, importsOf(f)]));
    const cycles: string[] = [];
    const visit = (file: string, trail: string[]) => {
      if (trail.includes(file)) {
        cycles.push([...trail.slice(trail.indexOf(file)), file].join(' -> '));
        return;
      }
      for (const next of graph.get(file) ?? []) visit(next, [...trail, file]);
    };
    for (const file of files) visit(file, []);
    expect(graph.get('schema.ts')?.length).toBeGreaterThan(5);
    expect(cycles).toEqual([]);
  });
});
