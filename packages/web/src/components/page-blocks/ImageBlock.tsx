import { type BlockProps, isFileKey } from '@trestle/shared';
import { useTranslation } from 'react-i18next';
import { useFileBlob } from '../blob-url.ts';
import { textOf } from './page-wheres.ts';

/**
 * An image: a file the page designer uploaded (fetched with the viewer's token, shown through a blob: URL). Another
 * site's address is not drawn: the server refuses one on save, and the app's img-src is 'self'.
 */
export function ImageBlock({ props }: { props: BlockProps<'image'> }) {
  const { i18n } = useTranslation();
  const key = isFileKey(props.src) ? props.src : null;
  const blob = useFileBlob(key);
  const src = key ? blob : undefined;
  if (!src) return null;
  return (
    <img
      src={src}
      alt={textOf(props.alt, i18n.language)}
      style={{ width: '100%', height: '100%', objectFit: props.fit }}
    />
  );
}
