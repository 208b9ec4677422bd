import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every reference in the code and the docs resolves inside the repository: requirements are cited as
 * docs/product/<page>.md and a heading there, choices as docs/decisions/ or docs/*.md. The original
 * product specification, the starting plan, the design brief and the research notes live outside the
 * repository, so a comment citing them points nowhere for a reader of the tree.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SEARCHED = ['apps', 'packages', 'e2e', 'bench', 'eval', 'scripts', 'docs', 'README.md'];
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', '.git']);
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|json|md|css|html|sh|sql|txt|ya?ml)$/;
const THIS_FILE = relative(ROOT, fileURLToPath(import.meta.url));

type OutsideReference = {
  pattern: RegExp;
  /** What it points at, and what to cite instead. */
  points: string;
  /** Only in comments and Markdown: in code the same letters can be a variable named `spec`. */
  proseOnly?: true;
};

const OUTSIDE_REFERENCES: readonly OutsideReference[] = [
  {
    pattern: /\bspec [12]\b/i,
    points: 'the original specification: cite docs/product/identity.md or chat.md',
  },
  {
    pattern: /\b(?:the|per) spec\b|\bspec['’]s\b/i,
    points: 'the original specification: cite a docs/product page',
  },
  { pattern: /\bSpec:/, points: 'the original specification: cite a docs/product page' },
  { pattern: /\(spec[),:]/, points: 'the original specification: cite a docs/product page', proseOnly: true },
  { pattern: /§/, points: 'a section of an outside document' },
  { pattern: /(?:^|[\s(`'"])(?:\.\.\/)*shared\//, points: 'the starting plan: cite docs/architecture.md' },
  { pattern: /\bARCHITECTURE\.md/, points: 'the starting plan: cite docs/architecture.md' },
  { pattern: /\bDESIGN\.md/, points: 'the design brief: cite docs/product/design.md' },
  { pattern: /\bresearch\/|\bresearch note/i, points: 'research notes: say where the fact comes from' },
];

/** The comment part of a line of code (after // or /*, or a JSDoc star); all of a Markdown line. */
function proseOf(file: string, line: string): string {
  if (file.endsWith('.md')) return line;
  return line.match(/(?:\/\/|\/\*|^\s*\*)(.*)$/)?.[1] ?? '';
}

function searchedFiles(): string[] {
  const files: string[] = [];
  const walk = (path: string): void => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name)) walk(child);
      } else if (TEXT_FILE.test(entry.name)) files.push(relative(ROOT, child));
    }
  };
  for (const top of SEARCHED) {
    const path = join(ROOT, top);
    if (!existsSync(path)) continue;
    if (top.includes('.')) files.push(top);
    else walk(path);
  }
  return files.filter((file) => file !== THIS_FILE).sort();
}

const FILES = searchedFiles();
const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

/** A Markdown heading's anchor: lowercase, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function headingsOf(markdownFile: string): Set<string> {
  const headings = read(markdownFile)
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => line.replace(/^#+ /, '').trim());
  return new Set(headings);
}

describe('references in code and docs', () => {
  it('cite nothing outside the repository', () => {
    const found: string[] = [];
    for (const file of FILES) {
      read(file)
        .split('\n')
        .forEach((line, index) => {
          const hit = OUTSIDE_REFERENCES.find(({ pattern, proseOnly }) =>
            pattern.test(proseOnly ? proseOf(file, line) : line),
          );
          if (hit) found.push(`${file}:${index + 1}: ${hit.points}: ${line.trim()}`);
        });
    }
    expect(found.length, found.join('\n')).toBe(0);
  });

  it('name headings that exist when they cite docs/product/<page>.md, "<Heading>"', () => {
    const pages = new Map<string, Set<string>>();
    const missing: string[] = [];
    // The page, a comma, and the first quoted heading, possibly on the comment's next line.
    const citation = /docs\/product\/([\w-]+\.md),\s*(?:(?:\*|\/\/)\s*)?"([^"\n]+)"/g;
    for (const file of FILES) {
      for (const match of read(file).matchAll(citation)) {
        const [, page = '', heading = ''] = match;
        const path = `docs/product/${page}`;
        if (!pages.has(path)) pages.set(path, existsSync(join(ROOT, path)) ? headingsOf(path) : new Set());
        if (!pages.get(path)?.has(heading)) missing.push(`${file}: ${path}, "${heading}"`);
      }
    }
    expect(missing.length, missing.join('\n')).toBe(0);
  });

  it('link to Markdown files and headings that exist', () => {
    const broken: string[] = [];
    const link = /\]\(([^()\s]+?\.md)(?:#([\w-]+))?\)/g;
    for (const file of FILES.filter((name) => name.endsWith('.md'))) {
      for (const match of read(file).matchAll(link)) {
        const [, target = '', anchor] = match;
        if (/^[a-z]+:/.test(target)) continue;
        const path = relative(ROOT, resolve(ROOT, dirname(file), target));
        if (!existsSync(join(ROOT, path))) broken.push(`${file}: ${target} (no such file)`);
        else if (anchor && ![...headingsOf(path)].some((heading) => anchorOf(heading) === anchor))
          broken.push(`${file}: ${target}#${anchor} (no such heading)`);
      }
    }
    expect(broken.length, broken.join('\n')).toBe(0);
  });
});
