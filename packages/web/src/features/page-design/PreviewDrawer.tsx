import type { PageNode } from '@trestle/shared';
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageRenderer } from '../../components/page-blocks/PageRenderer.tsx';

/** The draft as its viewers would see it: real rows, read as the designer may read them. */
export function PreviewDrawer({ id, nodes, onClose }: { id: number; nodes: readonly PageNode[]; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Drawer open size="90%" title={t('pageDesign.preview')} onClose={onClose} destroyOnHidden>
      <PageRenderer nodes={nodes} pageId={id} mode="preview" />
    </Drawer>
  );
}
