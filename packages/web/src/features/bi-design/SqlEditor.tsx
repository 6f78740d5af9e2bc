import { PostgreSQL, sql } from '@codemirror/lang-sql';
import { ui } from '@trestle/shared';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';

type Props = { value: string; label: string; readOnly: boolean; onChange(next: string): void };

/**
 * The statement of a SQL dataset, highlighted and completed as PostgreSQL. A chunk of its own, loaded when a
 * SQL dataset is shown; the editable area carries the label, as assistive technology reads it.
 */
export function SqlEditor({ value, label, readOnly, onChange }: Props) {
  const extensions = useMemo(
    () => [sql({ dialect: PostgreSQL }), EditorView.contentAttributes.of({ 'aria-label': label })],
    [label],
  );
  return (
    <CodeMirror
      value={value}
      height={`${ui.editorHeight}px`}
      readOnly={readOnly}
      extensions={extensions}
      basicSetup={{ foldGutter: false }}
      onChange={onChange}
    />
  );
}
