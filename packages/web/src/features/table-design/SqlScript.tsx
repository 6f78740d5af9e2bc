import type { CSSProperties } from 'react';

const region: CSSProperties = {
  maxHeight: 320,
  overflow: 'auto',
  padding: 12,
  background: '#f5f5f5',
  border: '1px solid #d9d9d9',
  borderRadius: 6,
};
const pre: CSSProperties = { margin: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-word' };

/**
 * Statements as a script, each ending with a semicolon, a blank line apart. The block scrolls when long, so it
 * takes the focus: the keyboard must reach what it hides.
 */
export function SqlScript({
  statements,
  label,
  testId,
}: {
  statements: readonly string[];
  label: string;
  testId?: string;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable from the keyboard (WCAG 2.1.1).
    <section style={region} tabIndex={0} aria-label={label} data-testid={testId}>
      <pre style={pre}>{statements.map((s) => `${s};`).join('\n\n')}</pre>
    </section>
  );
}
