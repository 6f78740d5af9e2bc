import { Collapse } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { type SqlToken, sqlTokens } from './sql-tokens.ts';

const region: CSSProperties = {
  maxHeight: 320,
  overflow: 'auto',
  padding: 12,
  background: '#f5f5f5',
  border: '1px solid #d9d9d9',
  borderRadius: 6,
};
const pre: CSSProperties = { margin: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-word' };

/** Token colours, each at least 4.5:1 on the block's grey (WCAG AA). */
const tokenStyle: Record<SqlToken['kind'], CSSProperties | undefined> = {
  keyword: { color: '#0033b3', fontWeight: 600 },
  identifier: { color: '#7a1a87' },
  string: { color: '#0b6b1d' },
  number: { color: '#1745b5' },
  text: undefined,
};

/**
 * Statements as a script, highlighted, each ending with a semicolon, a blank line apart. The block scrolls when long, so it
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
      <pre style={pre}>
        {sqlTokens(statements.map((s) => `${s};`).join('\n\n')).map((token, at) =>
          token.kind === 'text' ? (
            token.text
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the tokens of one text, never reordered.
            <span key={at} className={`sql-${token.kind}`} style={tokenStyle[token.kind]}>
              {token.text}
            </span>
          ),
        )}
      </pre>
    </section>
  );
}

/** A migration's SQL: the statements that make it, then those that undo it, folded away. */
export function MigrationSql({
  up,
  down,
  testId,
}: {
  up: readonly string[];
  down: readonly string[];
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SqlScript statements={up} label={t('tableDesign.upSql')} testId={testId} />
      <Collapse
        size="small"
        style={{ marginTop: 8 }}
        items={[
          {
            key: 'down',
            label: t('tableDesign.downSql'),
            children: <SqlScript statements={down} label={t('tableDesign.downSql')} />,
          },
        ]}
      />
    </>
  );
}
