import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No import cycles over src/ (issue 30): every import counts, value or type, static or
 * dynamic (`import('./x')`, `typeof import('./x')`), resolved by the TypeScript compiler
 * with the project's own options, so a path the compiler follows is a path this follows.
 */

const root = path.resolve(import.meta.dirname, '../..');
const src = path.join(root, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

function compilerOptions(): ts.CompilerOptions {
  const file = path.join(root, 'tsconfig.json');
  const config = ts.readConfigFile(file, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config.config, ts.sys, root).options;
}

/** Each file of src/ and the files of src/ it imports. */
function importGraph(): Map<string, string[]> {
  const options = compilerOptions();
  const host = ts.createCompilerHost(options);
  const cache = ts.createModuleResolutionCache(root, (f) => f, options);
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(src)) {
    // detectJavaScriptImports: dynamic import() too, in value and in type position.
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const ref of info.importedFiles) {
      const resolved = ts.resolveModuleName(ref.fileName, file, options, host, cache).resolvedModule
        ?.resolvedFileName;
      if (resolved?.startsWith(`${src}/`) && !resolved.includes('/node_modules/')) {
        targets.add(path.resolve(resolved));
      }
    }
    graph.set(path.resolve(file), [...targets]);
  }
  return graph;
}

/** The strongly connected components of more than one file (or a file importing itself): Tarjan's. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || (graph.get(file) ?? []).includes(file)) {
        components.push(component.map((f) => path.relative(root, f)).sort());
      }
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) connect(file);
  return components;
}

describe('imports over src/', () => {
  const graph = importGraph();

  it('resolve (the graph is the real one)', () => {
    expect(graph.size).toBeGreaterThan(500);
    // A known edge of each side: the check would pass vacuously if resolution broke.
    expect(graph.get(path.join(src, 'server/runner.ts'))).toContain(
      path.join(src, 'server/env.ts'),
    );
    expect(graph.get(path.join(src, 'web/lib/messages.ts'))).toContain(
      path.join(src, 'web/lib/coded-messages.ts'),
    );
  });

  it('form no cycle', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const a = path.join(src, 'a.ts');
    const b = path.join(src, 'b.ts');
    const c = path.join(src, 'c.ts');
    expect(
      cyclesOf(
        new Map([
          [a, [b]],
          [b, [c]],
          [c, [a]],
        ]),
      ),
    ).toEqual([['src/a.ts', 'src/b.ts', 'src/c.ts']]);
  });
});
