import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useRef } from 'react';
import { contentAttributes, richTextExtensions } from './extensions.ts';
import './rich-text.css';

export type RichTextViewProps = {
  /** The stored HTML. */
  value?: string | null;
  id?: string;
  'aria-label'?: string;
};

/**
 * Stored rich text, read-only. The HTML is read into the editor's schema rather than set as innerHTML: what
 * the schema does not know (a script, an event handler, a style, a link of another scheme) is never drawn.
 */
export default function RichTextView({ value, id, 'aria-label': ariaLabel }: RichTextViewProps) {
  const editor = useEditor({
    extensions: richTextExtensions,
    content: value ?? '',
    editable: false,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: contentAttributes({ id, ariaLabel, readOnly: true }) },
  });

  // Made with the first value; a later one (another record in the same dialog) replaces the document.
  const shown = useRef(value ?? '');
  useEffect(() => {
    const next = value ?? '';
    if (!editor || editor.isDestroyed || next === shown.current) return;
    shown.current = next;
    editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  return <EditorContent editor={editor} className="rich-text-view" />;
}
