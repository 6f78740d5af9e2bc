import { ROOT_UID } from '@trestle/shared';
import { useTranslation } from 'react-i18next';
import { BlockView } from './BlockView.tsx';
import type { PageRendererProps } from './contract.ts';
import { BlockEmpty } from './entity-block.tsx';
import { PageFilterBar } from './PageFilterBar.tsx';
import { PageProvider } from './page-context.tsx';
import { SlotGrid } from './SlotGrid.tsx';

/**
 * A page as its viewer (or the designer's preview) sees it: the page filters' bar, then the root's blocks on the
 * 24-column grid, every block asking the server through its entity's own routes as the signed-in user.
 */
export function PageRenderer({ nodes, pageId, mode, charts }: PageRendererProps) {
  const empty = !nodes.some((n) => n.parent === ROOT_UID);
  return (
    <PageProvider nodes={nodes} pageId={pageId} mode={mode} charts={charts}>
      <div data-testid="page-renderer">
        <PageFilterBar />
        {empty ? (
          <EmptyPage />
        ) : (
          <SlotGrid
            nodes={nodes}
            parent={ROOT_UID}
            slot="main"
            render={(node) => <BlockView node={node} nodes={nodes} pageId={pageId} mode={mode} charts={charts} />}
          />
        )}
      </div>
    </PageProvider>
  );
}

function EmptyPage() {
  const { t } = useTranslation();
  return <BlockEmpty text={t('pageBlocks.emptyPage')} />;
}
