// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EN16931_RULES, en16931Errors } from '../../src/domain/rules/invoice-en16931';
import { readUnitTestSet, type UnitTestCase } from './support/ubl-en16931';

/**
 * The EN 16931 validation artefacts' own unit tests (tests/fixtures/en16931/SOURCES.md):
 * each test document says which rules must hold and which must fail on it. Every
 * verdict about a rule we implement must agree with ours.
 */
const root = join(__dirname, '../fixtures/en16931');
const implemented = new Set<string>(EN16931_RULES);

function casesOf(folder: string): UnitTestCase[] {
  return readdirSync(join(root, folder))
    .filter((f) => f.endsWith('.xml'))
    .sort()
    .flatMap((f) => readUnitTestSet(`${folder}/${f}`, readFileSync(join(root, folder, f), 'utf8')));
}

const cases = [...casesOf('Invoice-unit-UBL'), ...casesOf('CreditNote-unit-UBL')];
const verdicts = cases.flatMap((c) => [
  ...c.success.filter((r) => implemented.has(r)).map((rule) => ({ c, rule, mustFail: false })),
  ...c.error.filter((r) => implemented.has(r)).map((rule) => ({ c, rule, mustFail: true })),
]);

describe('EN 16931 rules against the standard unit-test files', () => {
  it('reads every test document and finds a verdict for each rule we implement', () => {
    expect(verdicts.length).toBeGreaterThan(100);
    expect(new Set(verdicts.map((v) => v.rule))).toEqual(implemented);
  });

  it.each(verdicts.map((v) => [`${v.c.file} #${v.c.index} ${v.rule} must ${v.mustFail ? 'fail' : 'hold'}`, v] as const))('%s', (_name, v) => {
    const failed = en16931Errors(v.c.invoice).some((e) => e.rule === v.rule);
    expect(failed).toBe(v.mustFail);
  });
});
