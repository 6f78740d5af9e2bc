import { Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';

// The dashboard editor (its canvas, settings and preview) is a chunk of its own, fetched when one is opened.
const DashboardEditor = lazy(() => import('./dashboard-editor/DashboardEditor.tsx'));

type Props = {
  /** The dashboard to open; null for a new one. */
  id: number | null;
  onSaved(id: number): void;
  onClose(): void;
};

/**
 * The Dashboards tab's editor in place of its list. It is opened once: a new dashboard's first save names it
 * in the address (for a reload), and the editor goes on with the one it holds.
 */
export function DashboardEditorFrame({ id, onSaved, onClose }: Props) {
  const [opened] = useState(id);
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 10 }} />}>
      <DashboardEditor id={opened ?? undefined} onSaved={onSaved} onClose={onClose} />
    </Suspense>
  );
}
