import { useQuery } from '@tanstack/react-query';
import type { EntityScreenMeta } from '@trestle/shared';
import { Card, Skeleton } from 'antd';
import { useLocation } from 'react-router-dom';
import { NotFoundPage } from '../../components/errors/NotFoundPage.tsx';
import { ViewGrid } from '../../components/grid/ViewGrid.tsx';
import { entityOfRoute, entryPath, findMenuEntry } from '../../components/menu-tree.ts';
import { http } from '../../lib/http/client.ts';
import { useAppStore } from '../../lib/store.ts';

/**
 * Any entity's screen, drawn from the metadata the server gives (`/api/<name>/getMeta`, its detail entities
 * with it): an entity, built-in or designed, needs no web code of its own. The menu names the entity; a path
 * the caller's menu has no entry for is not found.
 */
export function EntityPage() {
  const { pathname } = useLocation();
  const permission = useAppStore((s) => s.permission);
  const entry = findMenuEntry(permission, pathname);
  const name = entry ? entityOfRoute(entryPath(entry)) : null;
  const granted = name !== null;
  const meta = useQuery({
    queryKey: ['entity-meta', name],
    queryFn: () => http.get<EntityScreenMeta>(`/api/${name}/getMeta`),
    enabled: granted,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!granted) return <NotFoundPage />;
  if (!meta.data) {
    return (
      <Card>
        <Skeleton active={meta.isPending} paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  return <ViewGrid key={name} meta={meta.data} detailMetas={meta.data.detailMetas} />;
}
