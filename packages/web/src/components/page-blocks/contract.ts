import type { PageNode } from '@trestle/shared';

/**
 * How a page is drawn, by its viewer (/page/:id) and by the page designer's canvas and preview alike.
 *
 * `PageRenderer` (PageRenderer.tsx) draws a page's nodes: the page filters' bar, then the root's blocks on
 * the 24-column grid, each block through the ViewGrid parts, the form runtime or the BI chart, asking the
 * server through the entity's own routes as the signed-in user. `BlockView` (BlockView.tsx) draws one block
 * alone (the designer's canvas wraps it in its own frame).
 */
export type PageRenderMode =
  /** A viewer of a published page: chart blocks run with `pageId`. */
  | 'live'
  /** The designer's preview of the draft: real rows as the designer may see them; charts run as a designer. */
  | 'preview';

export type PageRendererProps = {
  nodes: readonly PageNode[];
  /** The page's id: a viewer's charts are run with it (the server checks the chart is on the published page). */
  pageId: number | null;
  mode: PageRenderMode;
};

export type BlockViewProps = {
  node: PageNode;
  /** The whole page: containers find their children, linked blocks their source. */
  nodes: readonly PageNode[];
  pageId: number | null;
  mode: PageRenderMode;
};
