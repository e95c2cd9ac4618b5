import type { Reporter, TestCase } from 'vitest/node';

/**
 * Names every test that failed and then passed on its retry (the e2e project retries a
 * journey once), at the end of the run: a flake is seen, not hidden behind a green run.
 */
export default class RetriedReporter implements Reporter {
  private readonly retried: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const diagnostic = testCase.diagnostic();
    if (testCase.result().state === 'passed' && diagnostic?.flaky) {
      this.retried.push(`${testCase.module.relativeModuleId} > ${testCase.fullName} (passed on retry ${diagnostic.retryCount})`);
    }
  }

  onTestRunEnd(): void {
    if (this.retried.length === 0) return;
    process.stdout.write(`\nPassed only on retry (${this.retried.length}):\n${this.retried.map((line) => `  - ${line}\n`).join('')}`);
  }
}
