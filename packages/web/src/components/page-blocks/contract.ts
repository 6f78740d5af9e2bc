import type { PageChart, PageNode } from '@trestle/shared';
import type { ReactNode } from 'react';

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
  /** The charts the page's chart blocks show (PageView.charts); a chart not among them is read from /api/bi/chart. */
  charts?: readonly PageChart[];
};

export type BlockViewProps = {
  node: PageNode;
  /** The whole page: containers find their children, linked blocks their source. */
  nodes: readonly PageNode[];
  pageId: number | null;
  mode: PageRenderMode;
  /** As PageRendererProps.charts (BlockView inside a PageRenderer reads them from the page's context). */
  charts?: readonly PageChart[];
  /**
   * How a container (tabs, columns, section) draws each of its children: the designer's canvas wraps each in
   * its frame; BlockView itself when omitted.
   */
  renderChild?: (child: PageNode) => ReactNode;
};
