import { useQuery } from '@tanstack/react-query';
import type { EntityScreenMeta, PageRequest } from '@trestle/shared';
import { entityApi, gridKeys } from '../grid/entity-api.ts';

/**
 * One page of an entity's rows as a block reads them, through the entity's getPageData as the viewer (their
 * scope and tenant), cached under the entity so a save anywhere refreshes it.
 */
export function useEntityRows(meta: Pick<EntityScreenMeta, 'name'>, request: PageRequest, enabled = true) {
  return useQuery({
    queryKey: gridKeys.page(meta.name, request),
    queryFn: () => entityApi(meta.name).page(request),
    enabled,
  });
}
