import type { BlockProps } from '@trestle/shared';
import { useTranslation } from 'react-i18next';
import { textOf } from './page-wheres.ts';

/**
 * A page of another site (the server allowed only the platform's listed origins when saving), sandboxed: scripts
 * and forms run within it, it may not navigate this app nor open windows, and it is sent no referrer.
 */
export function IframeBlock({ props }: { props: BlockProps<'iframe'> }) {
  const { t, i18n } = useTranslation();
  if (!props.url.startsWith('https://')) return null;
  return (
    <iframe
      src={props.url}
      title={textOf(props.title, i18n.language) || t('pageBlocks.iframeTitle')}
      sandbox="allow-scripts allow-same-origin allow-forms"
      referrerPolicy="no-referrer"
      style={{ width: '100%', height: '100%', minHeight: 200, border: 0 }}
    />
  );
}
