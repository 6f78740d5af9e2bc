import { PictureOutlined } from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { NodeViewWrapper, type ReactNodeViewProps, ReactNodeViewRenderer } from '@tiptap/react';
import { isFileKey } from '@trestle/shared';
import { useTranslation } from 'react-i18next';
import { useFileBlob } from '../blob-url.ts';

/** How a stored image names its file: the app's own download path, same-origin, the key in it. */
const FILE_SRC = /^\/api\/file\/([^/?#]+)$/;

/** The file key of an image's stored src, or null for anything that is not one of the tenant's uploads. */
export function fileKeyOfSrc(src: unknown): string | null {
  const key = typeof src === 'string' ? FILE_SRC.exec(src)?.[1] : undefined;
  return isFileKey(key) ? key : null;
}

/**
 * The picture of an image node. Its stored src (/api/file/<key>) needs the Authorization header, which an
 * <img> cannot send: the file is fetched by the app's HTTP client and shown through a blob: URL, revoked when
 * the node or the editor goes away (useFileBlob). The blob URL lives in this view only; the document, and
 * so the HTML the form stores, keeps the /api/file path.
 */
function AppImageView({ node, selected }: ReactNodeViewProps) {
  const { t } = useTranslation();
  const alt = typeof node.attrs.alt === 'string' ? node.attrs.alt : '';
  const key = fileKeyOfSrc(node.attrs.src);
  const src = useFileBlob(key);
  return (
    <NodeViewWrapper className={`rich-text-image${selected ? ' is-selected' : ''}`} data-drag-handle>
      {src ? (
        <img src={src} alt={alt} />
      ) : (
        <span className="rich-text-image-missing" role="img" aria-label={alt || t('richText.imageMissing')}>
          <PictureOutlined />
          {alt && <span>{alt}</span>}
        </span>
      )}
    </NodeViewWrapper>
  );
}

/**
 * Tiptap's image, kept to the tenant's uploads: only an <img> whose src is /api/file/<key> is read from HTML
 * (a pasted picture of another site is left out, so showing a record never makes a request to a third
 * party), and it is drawn by AppImageView.
 */
export const AppImage = Image.extend({
  parseHTML() {
    return [
      {
        tag: 'img[src^="/api/file/"]',
        // false: not an image of ours, left out; null: read with the attributes Image defines.
        getAttrs: (element) => (fileKeyOfSrc(element.getAttribute('src')) ? null : false),
      },
    ];
  },
  addNodeView() {
    return ReactNodeViewRenderer(AppImageView);
  },
});
