import type { BlockProps } from '@trestle/shared';
import { LazyRichTextView } from '../rich-text/LazyRichText.tsx';

/**
 * Rich text, sanitised by the server when the page was saved, and drawn by the app's rich-text viewer, which reads
 * it into the editor's schema: what the schema does not know (a script, a handler) is never drawn either.
 */
export function RichTextBlock({ props }: { props: BlockProps<'richText'> }) {
  return <LazyRichTextView value={props.html} />;
}
