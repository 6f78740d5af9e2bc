import { useQuery } from '@tanstack/react-query';
import type { PageView } from '@trestle/shared';
import { http } from '../../lib/http/client.ts';

export const pageViewKeys = {
  all: ['pages', 'view'] as const,
  view: (id: number) => [...pageViewKeys.all, id] as const,
};

/** A published page as its viewer draws it (404: not published, or not shared with one of their roles). */
export const usePageView = (id: number) =>
  useQuery({
    queryKey: pageViewKeys.view(id),
    // Quiet: the screen says why it shows nothing.
    queryFn: () => http.get<PageView>(`/api/pages/view/${id}`, undefined, { quiet: true }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
