/**
 * When RESULTS_DIR is set (by .ci/run), each Vitest run also writes a JSON report there,
 * from which .ci/run prints the one closing line `N passed, N failed`.
 */
export function ciReporters(name: string) {
  const dir = process.env.RESULTS_DIR;
  if (!dir) return {};
  const pass = process.env.DATABASE_URL ? `${name}-postgres` : name;
  return { reporters: ['default', 'json'], outputFile: { json: `${dir}/${pass}.json` } };
}
