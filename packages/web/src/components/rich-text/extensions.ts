import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { AppImage } from './app-image.tsx';
import { isAllowedLink } from './link-url.ts';

/**
 * The one schema of rich text, for the editor and the read-only view alike: what it has no node, mark or
 * attribute for is dropped when stored HTML is read, so the view shows known formatting only. The server
 * sanitizes the HTML again on save (engine/rich-text.ts), whoever sent it.
 */
export const richTextExtensions = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3] },
    link: {
      // A click in the editor places the caret (the link is edited from the toolbar); the view's links open.
      openOnClick: false,
      defaultProtocol: 'https',
      isAllowedUri: (url) => isAllowedLink(url),
      shouldAutoLink: (url) => isAllowedLink(url),
    },
  }),
  // No column resizing: it stores widths as inline styles, which the server's sanitizer drops anyway.
  Table.configure({ resizable: false }),
  TableRow,
  TableHeader,
  TableCell,
  AppImage,
];

/**
 * The attributes of the document's element, the editor's and the view's alike: a textbox named by the field's
 * label (a <label for> cannot name a contenteditable), with the form's id when it has one.
 */
export const contentAttributes = (opts: { id?: string; ariaLabel?: string; readOnly?: boolean }) => ({
  class: 'rich-text-content',
  role: 'textbox',
  'aria-multiline': 'true',
  ...(opts.readOnly ? { 'aria-readonly': 'true' } : {}),
  ...(opts.id ? { id: opts.id } : {}),
  ...(opts.ariaLabel ? { 'aria-label': opts.ariaLabel } : {}),
});
