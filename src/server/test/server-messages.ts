import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Every message the API can answer a user with, read from the server's source with the
 * TypeScript compiler (docs/decisions/023): the texts given to `new AppError(...)`,
 * `forbidden`, `notFound`, `unauthorized`, `signedIn`, better-auth's `APIError`, and
 * `c.json({ message }, 4xx)`, followed through constants, the domain's text objects, small
 * functions that build them, and helpers that pass a message on (`refuse(message)`,
 * `consumeLimit(..., refusal)`). Errors made with a code (`codedError`) are listed by code.
 *
 * A message is a list of shapes (a conditional gives two); a shape is text with holes:
 * a `value` hole is a value shown as it is (a name, a path, a date), a `composite` hole is
 * something English made at run time (a count, a list, a wait, an English word picked by
 * state) that a catalogue keyed by English text cannot translate.
 */

export type Part = { text: string } | { hole: 'value' | 'composite'; why: string };
export type Shape = Part[];

export interface FoundMessage {
  /** Where it is made: file (from the repository's root) and line. */
  at: string;
  /** The shapes it can take, or null when the scan cannot tell (`why`). */
  shapes: Shape[] | null;
  why?: string;
  /** Set for errors made with a code (`codedError`): the code, when it is a literal. */
  code?: string;
}

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAX_SHAPES = 64;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'test' || entry.name === 'fixtures') continue;
      out.push(...sourceFiles(full));
    } else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) out.push(full);
  }
  return out;
}

type Result = Shape[] | { unresolved: string };
const isUnresolved = (r: Result): r is { unresolved: string } => !Array.isArray(r);

/** Joins shapes end to end: every combination (bounded). */
function concat(a: Result, b: Result): Result {
  if (isUnresolved(a)) return a;
  if (isUnresolved(b)) return b;
  const out: Shape[] = [];
  for (const x of a) for (const y of b) if (out.length < MAX_SHAPES) out.push(merge([...x, ...y]));
  return out;
}

function merge(shape: Shape): Shape {
  const out: Shape = [];
  for (const part of shape) {
    const last = out.at(-1);
    if ('text' in part && last && 'text' in last)
      out[out.length - 1] = { text: last.text + part.text };
    else if (!('text' in part) || part.text !== '') out.push(part);
  }
  return out;
}

const text = (t: string): Shape[] => [[{ text: t }]];
const hole = (kind: 'value' | 'composite', why: string): Shape[] => [[{ hole: kind, why }]];

export function scanServerMessages(): FoundMessage[] {
  const files = sourceFiles(path.join(ROOT, 'src/server'));
  const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => {},
  });
  const program = ts.createProgram(files, { ...config?.options, noEmit: true });
  const checker = program.getTypeChecker();
  const ours = (file: ts.SourceFile) =>
    !file.isDeclarationFile && file.fileName.startsWith(path.join(ROOT, 'src'));

  const resolve = (node: ts.Node): ts.Symbol | undefined => {
    let symbol = checker.getSymbolAtLocation(node);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return symbol;
  };
  const where = (node: ts.Node) => {
    const file = node.getSourceFile();
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    return `${path.relative(ROOT, file.fileName)}:${line + 1}`;
  };
  const declaredInSource = (symbol: ts.Symbol | undefined) =>
    symbol?.declarations?.some((d) => ours(d.getSourceFile())) ?? false;

  /** What a function can give back: its arrow body, or each `return` of its block (null left out). */
  function resultsOf(fn: ts.Node): ts.Expression[] {
    if (!(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn) || ts.isFunctionDeclaration(fn)))
      return [];
    const body = fn.body;
    if (!body) return [];
    if (!ts.isBlock(body)) return [body];
    const out: ts.Expression[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node)) return;
      if (ts.isReturnStatement(node) && node.expression) {
        const e = unwrap(node.expression);
        if (e.kind !== ts.SyntaxKind.NullKeyword && !(ts.isIdentifier(e) && e.text === 'undefined'))
          out.push(node.expression);
      }
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(body, visit);
    return out;
  }

  /** Only a function that just gives back one expression is read into a sentence. */
  function resultOf(fn: ts.Node): ts.Expression | null {
    const body = (fn as ts.FunctionLikeDeclaration).body;
    if (body && ts.isBlock(body) && body.statements.length !== 1) return null;
    const all = resultsOf(fn);
    return all.length === 1 ? (all[0] as ts.Expression) : null;
  }

  function evaluateResults(fn: ts.Node, depth: number, label: string): Result {
    const all = resultsOf(fn);
    if (all.length === 0) return { unresolved: `${label} gives back nothing the scan can read` };
    const out: Shape[] = [];
    for (const r of all) {
      const one = evaluate(r, depth + 1);
      if (isUnresolved(one)) return one;
      out.push(...one);
    }
    return out;
  }

  function functionNode(expr: ts.Expression): ts.Node | null {
    if (ts.isArrowFunction(expr) || ts.isFunctionExpression(expr)) return expr;
    const symbol = resolve(expr);
    for (const d of symbol?.declarations ?? []) {
      if (ts.isFunctionDeclaration(d)) return d;
      if ((ts.isVariableDeclaration(d) || ts.isPropertyAssignment(d)) && d.initializer) {
        const init = unwrap(d.initializer);
        if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
      }
    }
    return null;
  }

  const unwrap = (e: ts.Expression): ts.Expression => {
    while (
      ts.isParenthesizedExpression(e) ||
      ts.isAsExpression(e) ||
      ts.isNonNullExpression(e) ||
      ts.isSatisfiesExpression(e)
    )
      e = e.expression;
    return e;
  };

  /** What a value is, as text: its literal type when it has one, else a hole by its type. */
  function byType(expr: ts.Expression, why: string): Result {
    const type = checker.getTypeAtLocation(expr);
    if (type.isStringLiteral() || type.isNumberLiteral()) return text(String(type.value));
    if (type.isUnion() && type.types.every((t) => t.isStringLiteral() || t.isNumberLiteral()))
      return hole('composite', `${why} (one of ${type.types.length} words)`);
    if (type.flags & ts.TypeFlags.NumberLike) return hole('composite', `${why} (a count)`);
    if (type.flags & ts.TypeFlags.StringLike) return hole('value', why);
    return hole('composite', `${why} (not text)`);
  }

  const ARITHMETIC = new Set([
    ts.SyntaxKind.PlusToken,
    ts.SyntaxKind.MinusToken,
    ts.SyntaxKind.AsteriskToken,
    ts.SyntaxKind.SlashToken,
  ]);
  const isNumber = (e: ts.Expression) =>
    (checker.getTypeAtLocation(e).flags & ts.TypeFlags.NumberLike) !== 0;

  function evaluate(node: ts.Expression, depth = 0): Result {
    if (depth > 12) return { unresolved: 'too deep' };
    const e = unwrap(node);
    const label = e.getText().slice(0, 60);
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return text(e.text);
    if (ts.isNumericLiteral(e)) return text(e.text);
    if (ts.isTemplateExpression(e)) {
      let out: Result = text(e.head.text);
      for (const span of e.templateSpans) {
        out = concat(out, evaluateInside(span.expression, depth));
        out = concat(out, text(span.literal.text));
      }
      return out;
    }
    if (
      ts.isBinaryExpression(e) &&
      e.operatorToken.kind === ts.SyntaxKind.PlusToken &&
      !isNumber(e)
    )
      return concat(evaluateInside(e.left, depth), evaluateInside(e.right, depth));
    if (e.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(e) && e.text === 'undefined'))
      return []; // no message: nothing shown
    const either = ts.isConditionalExpression(e)
      ? [e.whenTrue, e.whenFalse]
      : ts.isBinaryExpression(e) &&
          (e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
            e.operatorToken.kind === ts.SyntaxKind.BarBarToken)
        ? [e.left, e.right]
        : null;
    if (either) {
      const out: Shape[] = [];
      for (const branch of either) {
        const one = evaluate(branch, depth + 1);
        if (isUnresolved(one)) return one;
        out.push(...one);
      }
      return out;
    }
    if (ts.isIdentifier(e) || ts.isPropertyAccessExpression(e)) {
      const literal = checker.getTypeAtLocation(e);
      if (literal.isStringLiteral() || literal.isNumberLiteral())
        return text(String(literal.value));
      const symbol = resolve(ts.isPropertyAccessExpression(e) ? e.name : e);
      const declaration = symbol?.declarations?.[0];
      if (declaration && ours(declaration.getSourceFile())) {
        if (
          (ts.isVariableDeclaration(declaration) &&
            declaration.initializer &&
            ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const) ||
          (ts.isPropertyAssignment(declaration) && declaration.initializer)
        ) {
          return evaluate(declaration.initializer as ts.Expression, depth + 1);
        }
      }
      return { unresolved: `${label} is not a constant the scan can read` };
    }
    if (ts.isCallExpression(e)) {
      const fn = functionNode(e.expression);
      if (fn) return evaluateResults(fn, depth, label);
      return { unresolved: `${label} is made by a function the scan cannot read` };
    }
    if (ts.isBinaryExpression(e) && ARITHMETIC.has(e.operatorToken.kind)) {
      const a = evaluate(e.left, depth + 1);
      const b = evaluate(e.right, depth + 1);
      const number = (r: Result) => {
        const only = !isUnresolved(r) && r.length === 1 ? r[0] : undefined;
        const part = only?.length === 1 ? only[0] : undefined;
        return part && 'text' in part && part.text !== '' ? Number(part.text) : Number.NaN;
      };
      const [x, y] = [number(a), number(b)];
      if (!Number.isNaN(x) && !Number.isNaN(y)) {
        const k = e.operatorToken.kind;
        return text(
          String(
            k === ts.SyntaxKind.AsteriskToken
              ? x * y
              : k === ts.SyntaxKind.SlashToken
                ? x / y
                : k === ts.SyntaxKind.MinusToken
                  ? x - y
                  : x + y,
          ),
        );
      }
    }
    return { unresolved: `${label} is an expression the scan cannot read` };
  }

  /** A value inside a text: read through when it is text we know, else a hole. */
  function evaluateInside(node: ts.Expression, depth: number): Result {
    const e = unwrap(node);
    const label = e.getText().slice(0, 60);
    if (ts.isIdentifier(e) || ts.isPropertyAccessExpression(e)) {
      const symbol = resolve(ts.isPropertyAccessExpression(e) ? e.name : e);
      const declaration = symbol?.declarations?.[0];
      if (declaration && ts.isParameter(declaration)) return byType(e, label);
      const read = evaluate(e, depth + 1);
      return isUnresolved(read) ? byType(e, label) : read;
    }
    if (ts.isCallExpression(e)) {
      const symbol = resolve(
        ts.isPropertyAccessExpression(e.expression) ? e.expression.name : e.expression,
      );
      const fn = functionNode(e.expression);
      const result = fn ? resultOf(fn) : null;
      if (result) return evaluate(result, depth + 1);
      // Our own function of several steps makes English (a list, a wait): composite.
      if (declaredInSource(symbol)) return hole('composite', `${label} (made in English)`);
      return byType(e, label);
    }
    if (ts.isConditionalExpression(e)) {
      const read = evaluate(e, depth + 1);
      if (isUnresolved(read)) return byType(e, label);
      // A choice between English words inside a sentence (a plural ending, "uses"/"use").
      return hole('composite', `${label} (English chosen at run time)`);
    }
    const read = evaluate(e, depth + 1);
    return isUnresolved(read) ? byType(e, label) : read;
  }

  // --- where messages go --------------------------------------------------------------------

  type Kind = 'message' | 'maker' | 'code';
  type Sink = { fn: ts.Node; index: number; kind: Kind };
  const sinks: Sink[] = [];
  const sinkKey = (s: Sink) => `${s.fn.getSourceFile().fileName}:${s.fn.pos}:${s.index}:${s.kind}`;
  const seen = new Set<string>();
  const addSink = (s: Sink) => {
    const key = sinkKey(s);
    if (!seen.has(key)) {
      seen.add(key);
      sinks.push(s);
    }
  };

  const errorsFile = path.join(ROOT, 'src/server/lib/errors.ts');
  const httpFile = path.join(ROOT, 'src/server/lib/http.ts');
  const named = (file: string, name: string): ts.Node | null => {
    const source = program.getSourceFile(file);
    let found: ts.Node | null = null;
    source?.forEachChild((node) => {
      if (ts.isVariableStatement(node)) {
        for (const d of node.declarationList.declarations)
          if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer)
            found = unwrap(d.initializer);
      } else if (ts.isFunctionDeclaration(node) && node.name?.text === name) found = node;
    });
    return found;
  };
  for (const [file, name] of [
    [errorsFile, 'unauthorized'],
    [errorsFile, 'forbidden'],
    [errorsFile, 'notFound'],
    [httpFile, 'signedIn'],
  ] as const) {
    const fn = named(file, name);
    if (fn) addSink({ fn, index: 0, kind: 'message' });
  }

  const found: FoundMessage[] = [];
  const record = (node: ts.Node, result: Result) =>
    found.push(
      isUnresolved(result)
        ? { at: where(node), shapes: null, why: result.unresolved }
        : { at: where(node), shapes: result },
    );

  const parameterOf = (e: ts.Expression) => {
    const declaration = ts.isIdentifier(e) ? resolve(e)?.declarations?.[0] : undefined;
    return declaration && ts.isParameter(declaration) ? declaration : null;
  };
  const calleeName = (call: ts.CallExpression) =>
    ts.isIdentifier(call.expression) ? call.expression.text : null;

  /** An error code given where one is expected (`coded(code, params)`). */
  function code(arg: ts.Expression, at: ts.Node) {
    const e = unwrap(arg);
    const parameter = parameterOf(e);
    if (parameter) {
      const fn = parameter.parent;
      addSink({ fn, index: fn.parameters.indexOf(parameter), kind: 'code' });
      return;
    }
    if (e.kind === ts.SyntaxKind.NullKeyword) return;
    const type = checker.getTypeAtLocation(e);
    // A code picked at run time among literals (`const code = timedOut ? 'a' : 'b'`): each one.
    const literals = type.isUnion() ? type.types : [type];
    if (literals.every((t) => t.isStringLiteral())) {
      for (const t of literals) found.push({ at: where(at), shapes: [], code: t.value });
      return;
    }
    found.push({ at: where(at), shapes: [], code: `(not a literal: ${e.getText()})` });
  }

  /** A message given where one is expected: read it, or pass the duty to the caller. */
  function message(arg: ts.Expression, kind: Kind) {
    if (kind === 'code') return code(arg, arg);
    const e = unwrap(arg);
    const parameter = parameterOf(e);
    if (parameter) {
      const fn = parameter.parent;
      addSink({ fn, index: fn.parameters.indexOf(parameter), kind });
      if (parameter.initializer) message(parameter.initializer, kind);
      return;
    }
    if (ts.isCallExpression(e)) {
      // An error with a code: its English is made from the code (error-texts.ts).
      if (calleeName(e) === 'coded' && e.arguments[0]) return code(e.arguments[0], e);
      if (calleeName(e) === 'codedText') return;
    }
    if (kind === 'maker') {
      const fn = functionNode(e);
      if (fn) record(arg, evaluateResults(fn, 0, e.getText().slice(0, 60)));
      else
        record(arg, {
          unresolved: `${e.getText().slice(0, 60)} is not a function the scan can read`,
        });
      return;
    }
    // A message made by calling a function that was handed in (`refusal(seconds)`).
    if (ts.isCallExpression(e)) {
      const handedIn = parameterOf(e.expression);
      if (handedIn) {
        const fn = handedIn.parent;
        addSink({ fn, index: fn.parameters.indexOf(handedIn), kind: 'maker' });
        return;
      }
    }
    record(arg, evaluate(e));
  }

  /**
   * Our own Error classes (a message first): what they are made with reaches the API too.
   * A class whose constructor's first parameter is named `code` is made with an error code
   * (error-codes.ts), its English made from the code: its first argument is read as a code.
   */
  const errorClasses = new Set<ts.Symbol>();
  const codedClasses = new Set<ts.Symbol>();
  for (const file of program.getSourceFiles()) {
    if (!ours(file)) continue;
    file.forEachChild((node) => {
      if (!ts.isClassDeclaration(node) || !node.name) return;
      const extendsError = node.heritageClauses?.some((h) =>
        h.types.some((t) => t.expression.getText() === 'Error'),
      );
      const symbol = resolve(node.name);
      if (!extendsError || !symbol || node.name.text === 'AppError') return;
      errorClasses.add(symbol);
      const first = node.members.find(ts.isConstructorDeclaration)?.parameters[0];
      if (first && ts.isIdentifier(first.name) && first.name.text === 'code')
        codedClasses.add(symbol);
    });
  }

  const calls: ts.CallExpression[] = [];
  for (const file of program.getSourceFiles()) {
    const domain = file.fileName.startsWith(path.join(ROOT, 'src/domain'));
    if (
      !files.includes(path.normalize(file.fileName)) &&
      !(domain && !/\.test\.ts$/.test(file.fileName))
    )
      continue;
    const visit = (node: ts.Node) => {
      if (ts.isNewExpression(node)) {
        const name = node.expression.getText();
        const args = node.arguments ?? [];
        if (name === 'AppError' && args[1]) message(args[1], 'message');
        const classSymbol = ts.isIdentifier(node.expression) ? resolve(node.expression) : undefined;
        if (classSymbol && errorClasses.has(classSymbol) && args[0]) {
          if (codedClasses.has(classSymbol)) code(args[0], node);
          else message(args[0], 'message');
        }
        if (name === 'APIError' && args[1] && ts.isObjectLiteralExpression(unwrap(args[1]))) {
          for (const p of (unwrap(args[1]) as ts.ObjectLiteralExpression).properties)
            if (ts.isPropertyAssignment(p) && p.name.getText() === 'message')
              message(p.initializer, 'message');
        }
      }
      if (ts.isCallExpression(node)) {
        calls.push(node);
        const callee = node.expression;
        if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'json') {
          const [body, status] = node.arguments;
          const code = status && ts.isNumericLiteral(status) ? Number(status.text) : 0;
          if (body && code >= 400 && code < 500 && ts.isObjectLiteralExpression(body)) {
            for (const p of body.properties)
              if (ts.isPropertyAssignment(p) && p.name.getText() === 'message')
                message(p.initializer, 'message');
          }
        }
        if (ts.isIdentifier(callee) && callee.text === 'codedError' && node.arguments[1])
          message(node.arguments[1], 'message');
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }

  // Calls of the functions that pass a message on, until no new ones appear.
  for (let i = 0; i < sinks.length; i++) {
    const sink = sinks[i] as Sink;
    const own = sink.fn.parent;
    const fnSymbol =
      ts.isFunctionDeclaration(sink.fn) && sink.fn.name
        ? resolve(sink.fn.name)
        : own && ts.isVariableDeclaration(own) && ts.isIdentifier(own.name)
          ? resolve(own.name)
          : undefined;
    if (!fnSymbol) continue;
    for (const call of calls) {
      const callee = ts.isPropertyAccessExpression(call.expression)
        ? call.expression.name
        : call.expression;
      // By name first: resolving every call's callee would check the whole server.
      if (!ts.isIdentifier(callee) || callee.text !== fnSymbol.name) continue;
      if (resolve(callee) !== fnSymbol) continue;
      const arg = call.arguments[sink.index];
      if (arg) message(arg, sink.kind);
      else if (sink.kind === 'message') {
        const parameter = (sink.fn as ts.SignatureDeclaration).parameters[sink.index];
        if (parameter?.initializer) record(call, evaluate(parameter.initializer));
      }
    }
  }
  return found;
}

/** A shape as a catalogue key would write it: holes as {{}}. */
export const shapeKey = (shape: Shape) =>
  shape.map((p) => ('text' in p ? p.text : '{{}}')).join('');
