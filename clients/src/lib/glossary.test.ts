import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// import.meta.dirname: under jsdom import.meta.url is not a file: URL.
const SRC = resolve(import.meta.dirname, '..');
const GLOSSARY = resolve(import.meta.dirname, '../../../docs/GLOSSARY.md');

/** The first column of docs/GLOSSARY.md's table 'Words not to use on screens'. */
function bannedWords(markdown: string): string[] {
  const section = markdown.split(/^## Words not to use on screens$/m)[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .map((line) => /^\|\s*([^|]+?)\s*\|/.exec(line)?.[1])
    .filter((word): word is string => word !== undefined && word !== 'Do not use' && !/^-+$/.test(word));
}

/** The texts a file could put on a screen: string and template literals and JSX text, not property names or types. */
function shownTexts(fileName: string, source: string): { text: string; line: number }[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const texts: { text: string; line: number }[] = [];
  const visit = (node: ts.Node): void => {
    const isKey = ts.isPropertyAssignment(node.parent) && node.parent.name === node;
    const isType = ts.isLiteralTypeNode(node.parent);
    const isImport = ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent);
    if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) &&
      !isKey &&
      !isType &&
      !isImport
    )
      texts.push({ text: node.text, line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(file, visit);
  return texts;
}

const screenFiles = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) && !path.startsWith('test/'))
  .map((path) => join(SRC, path));

/** Where a source text uses a banned word (whole words, any case). */
function bannedUses(words: readonly string[], files: readonly { name: string; source: string }[]): string[] {
  const patterns = words.map((word) => ({ word, re: new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i') }));
  return files.flatMap(({ name, source }) =>
    shownTexts(name, source).flatMap(({ text, line }) =>
      patterns.filter(({ re }) => re.test(text)).map(({ word }) => `${name}:${line} says '${word}'`),
    ),
  );
}

describe('one vocabulary on screens (docs/GLOSSARY.md, issue #32 item 6)', () => {
  const words = bannedWords(readFileSync(GLOSSARY, 'utf8'));

  it('given the glossary, when its words not to use are read, then they are there', () => {
    expect(words).toEqual(expect.arrayContaining(['Regular Ride', 'Operator ID', 'Forklift Number']));
  });

  it('given a screen that says a word the glossary says not to use, when scanned, then it is found (and a key, a type or a comment is not)', () => {
    const source = [
      "const TYPES: Record<string, string> = { 'Forklift Number': 'Sticker Number' };",
      "type By = 'Operator ID';",
      '// Not a Regular Ride: a comment.',
      "export const Badge = () => <Chip label={special ? 'Special Task Ride' : 'Regular Ride'} />;",
      'export const Head = () => <th>Operator ID</th>;',
      'export const note = `Search forklift number ${x}`;',
    ].join('\n');
    expect(bannedUses(words, [{ name: 'badge.tsx', source }])).toEqual([
      "badge.tsx:4 says 'Regular Ride'",
      "badge.tsx:5 says 'Operator ID'",
      "badge.tsx:6 says 'Forklift Number'",
    ]);
  });

  it('given every screen and its words, when scanned, then none uses a word the glossary says not to use', () => {
    const files = screenFiles.map((path) => ({ name: relative(SRC, path), source: readFileSync(path, 'utf8') }));
    expect(files.length).toBeGreaterThan(100);
    expect(bannedUses(words, files)).toEqual([]);
  });

  it('given every screen, when it writes a time, then it goes through lib/format-date (no Intl date formats or toLocaleDateString/toLocaleTimeString of its own)', () => {
    const own = new Set(['lib/format-date.ts', 'lib/plant-clock.ts']);
    const adHoc = screenFiles
      .map((path) => ({ name: relative(SRC, path), source: readFileSync(path, 'utf8') }))
      .filter(({ name }) => !own.has(name))
      .filter(({ source }) =>
        /Intl\.DateTimeFormat|toLocale(Date|Time)String\(|formatPlantDateTime|formatPlantInstant|formatReportDate/.test(source),
      )
      .map(({ name }) => name);
    expect(adHoc).toEqual([]);
  });
});
