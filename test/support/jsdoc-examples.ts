import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** One `@example` of an exported declaration, as its JSDoc shows it. */
export interface JsdocExample {
  /** The documented symbol: `ChatClient`, `MessagesResource.send`. */
  readonly symbol: string;
  /** The source file, relative to the repository root. */
  readonly file: string;
  /** The 1-based line of the example's first code line in that file. */
  readonly line: number;
  readonly code: string;
  /** The names the documented file exports, which its examples may use without importing them. */
  readonly fileExports: readonly string[];
}

const SOURCE_DIRS = ['src', 'mock'];

/** Every `@example` code block of the exported declarations (and their members) in src/ and mock/. */
export function extractJsdocExamples(root: string): JsdocExample[] {
  return SOURCE_DIRS.flatMap((dir) => sourceFiles(join(root, dir))).flatMap((path) => examplesOf(root, path));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts'))
    .sort()
    .map((name) => join(dir, name));
}

function examplesOf(root: string, path: string): JsdocExample[] {
  const text = readFileSync(path, 'utf8');
  if (!text.includes('@example')) return [];
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const file = relative(root, path);
  const fileExports = [...new Set(source.statements.filter(isExported).flatMap(exportedNames))];
  const found: JsdocExample[] = [];
  const visit = (node: ts.Node, owner: string | undefined): void => {
    const name = declarationName(node);
    const symbol = name === undefined ? owner : owner === undefined ? name : `${owner}.${name}`;
    for (const doc of (node as { jsDoc?: ts.JSDoc[] }).jsDoc ?? []) {
      if (symbol !== undefined) found.push(...blocksOf(source, doc, symbol, file).map((example) => ({ ...example, fileExports })));
    }
    if (isExportedScope(node)) ts.forEachChild(node, (child) => visit(child, symbol));
  };
  for (const statement of source.statements) {
    if (isExported(statement)) visit(statement, undefined);
  }
  return found;
}

function exportedNames(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.flatMap((declaration) => (ts.isIdentifier(declaration.name) ? [declaration.name.text] : []));
  }
  const name = declarationName(statement);
  return name === undefined ? [] : [name];
}

function isExported(statement: ts.Statement): boolean {
  return ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
}

/** Declarations whose members are public with them: classes, interfaces, and the objects and types they hold. */
function isExportedScope(node: ts.Node): boolean {
  return !ts.isFunctionLike(node) || ts.isClassLike(node);
}

function declarationName(node: ts.Node): string | undefined {
  if (ts.isVariableStatement(node)) {
    const [first] = node.declarationList.declarations;
    return first && ts.isIdentifier(first.name) ? first.name.text : undefined;
  }
  if (ts.isVariableDeclaration(node)) return undefined;
  const name = (node as { name?: ts.Node }).name;
  return name && (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name)) ? name.text : undefined;
}

/** The code of each `@example` tag of one comment: its fenced blocks, or its whole text when it has none. */
function blocksOf(source: ts.SourceFile, doc: ts.JSDoc, symbol: string, file: string): Omit<JsdocExample, 'fileExports'>[] {
  const firstLine = source.getLineAndCharacterOfPosition(doc.getStart(source)).line;
  const lines = doc.getText(source).split('\n').map((line) => line.replace(/^\s*\/?\*\*?\/?\s?/, '').replace(/\s*\*\/$/, ''));
  const found: Omit<JsdocExample, 'fileExports'>[] = [];
  for (let index = 0; index < lines.length; index++) {
    if (!/^@example\b/.test(lines[index] ?? '')) continue;
    let end = index + 1;
    while (end < lines.length && !/^@\w/.test(lines[end] ?? '')) end++;
    const body = lines.slice(index + 1, end);
    const fenced = fencedBlocks(body);
    for (const block of fenced ?? [{ offset: 0, code: body }]) {
      const code = trimBlankEnds(block.code);
      if (code.lines.length > 0) {
        found.push({ symbol, file, line: firstLine + index + 1 + block.offset + code.skipped + 1, code: code.lines.join('\n') });
      }
    }
    index = end - 1;
  }
  return found;
}

function fencedBlocks(body: string[]): { offset: number; code: string[] }[] | undefined {
  const blocks: { offset: number; code: string[] }[] = [];
  let open: number | undefined;
  body.forEach((line, index) => {
    if (!line.trimStart().startsWith('```')) return;
    if (open === undefined) open = index;
    else {
      blocks.push({ offset: open + 1, code: body.slice(open + 1, index) });
      open = undefined;
    }
  });
  return blocks.length > 0 ? blocks : undefined;
}

function trimBlankEnds(lines: string[]): { skipped: number; lines: string[] } {
  let start = 0;
  let end = lines.length;
  while (start < end && (lines[start] ?? '').trim() === '') start++;
  while (end > start && (lines[end - 1] ?? '').trim() === '') end--;
  return { skipped: start, lines: lines.slice(start, end) };
}
