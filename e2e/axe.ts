import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** One serious or critical finding, with the elements it was found on. */
export type Finding = { rule: string; impact: string; help: string; targets: string[] };

const blocking = new Set(['serious', 'critical']);

/**
 * Runs axe-core over the page (or the part `include` selects) against WCAG 2 A and AA, and returns the
 * serious and critical violations only: the moderate and minor ones are advice, not a failed test.
 */
export async function axeFindings(page: Page, include?: string): Promise<Finding[]> {
  // Legacy mode runs axe inside the page itself; the default opens a blank page per run to merge the
  // frames' results, which costs seconds per screen and our app has no frames.
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .setLegacyMode()
    // Only the failures: collecting every passing node as well doubles the time on a long list.
    .options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => blocking.has(v.impact ?? ''))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(' > ')),
    }));
}

/** The findings as lines a failed test can print: rule, impact, what it asks, and each element. */
export function formatFindings(where: string, findings: readonly Finding[]): string {
  if (findings.length === 0) return '';
  const lines = findings.flatMap((f) => [
    `${where}: ${f.rule} (${f.impact}) ${f.help}`,
    ...f.targets.slice(0, 8).map((t) => `    ${t}`),
    ...(f.targets.length > 8 ? [`    … and ${f.targets.length - 8} more`] : []),
  ]);
  return lines.join('\n');
}
