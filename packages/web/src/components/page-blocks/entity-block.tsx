import { useQuery } from '@tanstack/react-query';
import type { EntityScreenMeta } from '@trestle/shared';
import { Alert, Card, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../lib/http/client.ts';
import { HttpError } from '../../lib/http/transport.ts';
import { useAppStore } from '../../lib/store.ts';
import { type MenuGrants, useMenuGrants } from '../menu-grants.ts';
import { findMenuEntry } from '../menu-tree.ts';

/** The route of an entity's own screen: its menu entry, whose grants a block of it shows its buttons by. */
export const entityPath = (entity: string) => `/${entity}`;

/** An entity's metadata as its own screen reads it (the same query, so both share it). */
export function useEntityMeta(entity: string, enabled = true) {
  return useQuery({
    queryKey: ['entity-meta', entity],
    // Quiet: a refusal is the block's to say, beside the others, not a notice over the page.
    queryFn: () => http.get<EntityScreenMeta>(`/api/${entity}/getMeta`, undefined, { quiet: true }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** The viewer's grants on an entity's screen (the menu entry `/<Entity>`), as its own screen shows them. */
export const useEntityGrants = (entity: string): MenuGrants => useMenuGrants(entityPath(entity));

export function NoAccess({ name }: { name: string }) {
  const { t } = useTranslation();
  return <Alert type="info" showIcon title={t('pageBlocks.noAccess', { name })} />;
}

export function BlockError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const message = error instanceof Error ? error.message : String(error);
  return <Alert type="error" showIcon title={t('pageBlocks.loadFailed', { message })} />;
}

export function BlockEmpty({ text }: { text?: string }) {
  const { t } = useTranslation();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text ?? t('pageBlocks.empty')} />;
}

const refused = (e: unknown) => e instanceof HttpError && (e.status === 401 || e.status === 403 || e.status === 404);

/**
 * A block of an entity, drawn only when the viewer may open the entity's screen (its menu entry is theirs) and
 * its metadata came: otherwise "You have no access to …" in its place, never a failed page.
 */
export function EntityGate({ entity, children }: { entity: string; children: (meta: EntityScreenMeta) => ReactNode }) {
  const permission = useAppStore((s) => s.permission);
  const entry = findMenuEntry(permission, entityPath(entity));
  const meta = useEntityMeta(entity, entry !== undefined);
  if (!entry || refused(meta.error)) return <NoAccess name={entry?.name ?? entity} />;
  if (meta.error) return <BlockError error={meta.error} />;
  if (!meta.data) return <Skeleton active paragraph={{ rows: 3 }} />;
  return children(meta.data);
}

/** A block's card: its title, and its content scrolling within the place the page gives it. */
export function BlockFrame({ uid, title, children }: { uid: string; title: string; children: ReactNode }) {
  return (
    <Card
      size="small"
      title={title || undefined}
      data-testid={`block-${uid}`}
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      styles={{ body: { flex: 1, minHeight: 0, overflow: 'auto' } }}
    >
      {children}
    </Card>
  );
}
