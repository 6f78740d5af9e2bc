import { ui } from '@trestle/shared';
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { RichTextEditorProps } from './RichTextEditor.tsx';
import type { RichTextViewProps } from './RichTextView.tsx';

// Tiptap and ProseMirror come in a chunk of their own, fetched the first time a rich-text field shows: no
// other screen, and never the sign-in page, pays for them.
const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));
const RichTextView = lazy(() => import('./RichTextView.tsx'));

/** Holds the editor's place (its toolbar and document) while its chunk loads. */
function Loading({ height }: { height: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('richText.loading')} style={{ minHeight: height }}>
      <Skeleton active title={false} paragraph={{ rows: Math.round(height / 40) }} />
    </div>
  );
}

/** The rich-text editor, loaded on first use. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Loading height={ui.editorHeight + 40} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

/** Stored rich text shown read-only, loaded on first use. */
export function LazyRichTextView(props: RichTextViewProps) {
  return (
    <Suspense fallback={<Loading height={80} />}>
      <RichTextView {...props} />
    </Suspense>
  );
}
