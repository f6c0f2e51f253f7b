// Prints one closing line, 'tests: N passed, N failed', over the vitest JSON reports and the node:test
// output of the browser journeys found in the given folder; exits non-zero when anything failed.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const folder = process.argv[2];
if (!folder) throw new Error('usage: test-summary <results folder>');

let passed = 0;
let failed = 0;
for (const name of readdirSync(folder)) {
  const text = readFileSync(path.join(folder, name), 'utf8');
  if (name.endsWith('.json')) {
    const report = JSON.parse(text) as { numPassedTests: number; numFailedTests: number };
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  } else {
    passed += Number(/^ℹ pass (\d+)$/m.exec(text)?.[1] ?? 0);
    failed += Number(/^ℹ fail (\d+)$/m.exec(text)?.[1] ?? 0);
  }
}
process.stdout.write(`tests: ${passed} passed, ${failed} failed\n`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
