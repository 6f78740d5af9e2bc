// Sums the JSON reports of every suite .ci/run ran (Vitest and Playwright) into `N passed, N failed`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
// The names of what failed (and what passed only on retry), printed last so the tail of the log shows them.
const named = [];

function playwrightTests(suites, titles = []) {
  const found = [];
  for (const suite of suites ?? []) {
    const path = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) found.push({ name: [...path, spec.title].join(' › '), status: test.status });
    }
    found.push(...playwrightTests(suite.suites, path));
  }
  return found;
}
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  let p;
  let f;
  if (report.stats && 'expected' in report.stats) {
    // Playwright: a flaky test passed on retry; count it as passed but say so.
    p = report.stats.expected + report.stats.flaky;
    f = report.stats.unexpected;
    if (report.stats.skipped) f += report.stats.skipped;
    for (const test of playwrightTests(report.suites)) {
      if (test.status === 'unexpected') named.push(`   FAILED ${file}: ${test.name}`);
      if (test.status === 'flaky') named.push(`   FLAKY (passed on retry) ${file}: ${test.name}`);
    }
  } else {
    p = report.numPassedTests;
    f = report.numFailedTests + (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    if (report.numTotalTestSuites > 0 && report.success === false && f === 0) f = 1;
    for (const suite of report.testResults ?? []) {
      for (const test of suite.assertionResults ?? []) {
        if (test.status === 'failed') named.push(`   FAILED ${file}: ${path.basename(suite.name)} › ${test.fullName}`);
      }
    }
  }
  console.log(`   ${file}: ${p} passed, ${f} failed`);
  passed += p;
  failed += f;
}
// A suite that never wrote its report (type or lint failure before it) leaves the count short, not green.
const expected = ['shared.json', 'web.json', 'server.json', 'e2e.json', 'server-postgres.json'];
for (const name of expected) {
  if (!readdirSync(dir).includes(name)) {
    console.log(`   ${name}: missing (the suite did not run)`);
    failed += 1;
  }
}
for (const line of named) console.log(line);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
