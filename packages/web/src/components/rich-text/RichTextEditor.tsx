import { type Editor, EditorContent, useEditor } from '@tiptap/react';
import { ui } from '@trestle/shared';
import { useCallback, useEffect, useRef } from 'react';
import type { UploadTarget } from '../form/FileField.tsx';
import { contentAttributes, richTextExtensions } from './extensions.ts';
import { RichTextToolbar } from './RichTextToolbar.tsx';
import './rich-text.css';

/**
 * The empty paragraph Tiptap keeps after a final table, list or picture, so the caret can go below it: part
 * of editing, not of the text, so not stored.
 */
const TRAILING_EMPTY_PARAGRAPHS = /(<p><\/p>)+$/;

export type RichTextEditorProps = {
  /** The stored HTML; '' or absent for an empty document. */
  value?: string | null;
  /** The document as HTML, '' when empty: after a pause in typing, on leaving the editor and on unmount. */
  onChange?: (html: string) => void;
  onBlur?: () => void;
  /** Given to the editable element, so the form can scroll to it and focus it. */
  id?: string;
  /** The editable element's accessible name: the field's label (a <label for> cannot name a contenteditable). */
  'aria-label'?: string;
  /** Where pictures are uploaded; without the grant the toolbar offers no image button. */
  upload?: UploadTarget;
};

/**
 * A rich-text field: Tiptap with the app's schema and toolbar, controlled by an HTML string. A value that may
 * not be edited is shown by RichTextView instead.
 */
export default function RichTextEditor({
  value,
  onChange,
  onBlur,
  id,
  'aria-label': ariaLabel,
  upload,
}: RichTextEditorProps) {
  // The HTML the form holds as far as this editor knows: what it was given or last reported.
  const reported = useRef(value ?? '');
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The latest callbacks, for the editor's handlers, which are bound once when it is made.
  const callbacks = useRef({ onChange, onBlur });
  callbacks.current = { onChange, onBlur };

  // Reads only refs: the editor's handlers are bound when it is made, and must not hold a stale render.
  const report = useCallback((current: Editor) => {
    clearTimeout(pending.current);
    pending.current = undefined;
    if (current.isDestroyed) return;
    const html = current.isEmpty ? '' : current.getHTML().replace(TRAILING_EMPTY_PARAGRAPHS, '');
    if (html === reported.current) return;
    reported.current = html;
    callbacks.current.onChange?.(html);
  }, []);

  const editor = useEditor({
    extensions: richTextExtensions,
    content: value ?? '',
    // The toolbar reads the state it shows through useEditorState; the field need not render per keystroke.
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: contentAttributes({ id, ariaLabel }) },
    onUpdate: ({ editor: current }) => {
      clearTimeout(pending.current);
      // The form hears of an edit once typing pauses (spec §9), not per keystroke: each report serializes.
      pending.current = setTimeout(() => report(current), ui.refreshDebounceMs);
    },
    // The dialog's Save takes the focus first: what was typed reaches the form before Save reads it.
    onBlur: ({ editor: current }) => {
      report(current);
      callbacks.current.onBlur?.();
    },
  });

  // An edit still waiting for its pause is reported when the field goes away. useEditor destroys the editor
  // a tick after unmount, so it can still be read here.
  useEffect(
    () => () => {
      if (editor && pending.current !== undefined) report(editor);
    },
    [editor, report],
  );

  // A value from outside (the dialog filling in the row, a reset) replaces the document, and an edit still
  // waiting for its pause with it; the value this editor reported itself comes back unchanged and is skipped.
  useEffect(() => {
    const next = value ?? '';
    if (!editor || next === reported.current) return;
    clearTimeout(pending.current);
    pending.current = undefined;
    reported.current = next;
    // Not an edit of the user's: Undo must not empty the record just opened.
    editor.chain().setMeta('addToHistory', false).setContent(next, { emitUpdate: false }).run();
  }, [editor, value]);

  return (
    <div className="rich-text">
      {editor && <RichTextToolbar editor={editor} upload={upload} />}
      {/* The spec's editor height: the document scrolls inside it, the toolbar stays in view. */}
      <EditorContent editor={editor} className="rich-text-area" style={{ height: ui.editorHeight }} />
    </div>
  );
}
