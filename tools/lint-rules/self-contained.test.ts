import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The repository stands on its own: nothing in it points at documents a person who clones it does
// not have (a shared folder beside it, a specification or design file kept elsewhere, section
// numbers of those) or at issue numbers of a tracker. The product is described in docs/product/,
// the decisions in docs/decisions/ (their own numbers, 001–024, are fine).
const repoRoot = path.join(import.meta.dirname, '..', '..');
const fixture = path.join(import.meta.dirname, 'fixtures', 'self-contained', 'refers-outside.ts');

const FORBIDDEN: { what: string; pattern: RegExp }[] = [
  { what: 'a path into ../shared', pattern: /\.\.\/shared\b/ },
  { what: 'a document kept outside the repository', pattern: /\b(SPEC|DESIGN|CONVENTIONS)\.md\b/ },
  { what: 'a section number of an outside document', pattern: /§ ?\d/ },
  { what: 'an issue number', pattern: /\b(issue|pr|pull request)s? ?#?\d+\b/i },
  { what: 'an issue number', pattern: /\(#\d+\)|\bcloses? #\d+/i },
];

/** Files that may keep such references: the lockfile, and this rule with its fixture. */
const EXEMPT = [
  'package-lock.json',
  'tools/lint-rules/self-contained.test.ts',
  'tools/lint-rules/fixtures/self-contained/',
];

/** `file:line: text` for every forbidden reference in the given file's text. */
function outsideReferences(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const { what, pattern } of FORBIDDEN)
      if (pattern.test(line)) found.push(`${file}:${i + 1}: ${what}: ${line.trim().slice(0, 120)}`);
  });
  return found;
}

describe('the repository stands on its own', () => {
  it('finds each kind of outside reference in the fixture', () => {
    const found = outsideReferences('fixture', fs.readFileSync(fixture, 'utf8'));
    expect(found.map((f) => f.split(': ')[1])).toEqual([
      'a path into ../shared',
      'a document kept outside the repository',
      'a section number of an outside document',
      'a document kept outside the repository',
      'a document kept outside the repository',
      'an issue number',
      'an issue number',
      'an issue number',
    ]);
  });

  it('leaves colours, order numbers and decision numbers alone', () => {
    const text = [
      'color: #12416b; border-color: #fff;',
      '<Link to={paths.order(o.id)}>#{o.id}</Link>',
      'Order #42 was placed',
      'docs/decisions/012-session-cache.md (decision 012)',
    ].join('\n');
    expect(outsideReferences('sample', text)).toEqual([]);
  });

  it('no tracked file refers to ../shared, an outside document, its sections or an issue number', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' })
      .split('\0')
      .filter((f) => f && !EXEMPT.some((e) => f === e || f.startsWith(e)))
      .filter((f) => fs.existsSync(path.join(repoRoot, f)));
    const found = files.flatMap((f) => {
      const buffer = fs.readFileSync(path.join(repoRoot, f));
      if (buffer.includes(0)) return []; // binary
      return outsideReferences(f, buffer.toString('utf8'));
    });
    expect(found).toEqual([]);
  });
});
