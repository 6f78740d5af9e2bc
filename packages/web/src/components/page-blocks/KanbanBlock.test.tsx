import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SaveBody } from '@trestle/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../lib/http/transport.ts';
import { clearSession } from '../../test/render.tsx';
import { PageRenderer } from './PageRenderer.tsx';
import { fakeServer, node, renderRouted, root, signIn } from './page-blocks.fixtures.ts';

const board = () =>
  node('kanban', { entity: 'Project', groupField: 'stage', titleField: 'name', cardFields: ['startDate'] });

/**
 * jsdom lays nothing out: the lane `to` is placed where the dragged card (and every card) is, the other lanes
 * far away, so a keyboard drag picked up and dropped at once lands in `to`.
 */
function layOut(to: string) {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const far = this.matches('[data-lane]') && this.getAttribute('data-lane') !== to;
    return DOMRect.fromRect({ x: far ? 5000 : 0, y: far ? 5000 : 0, width: 200, height: 60 });
  });
}

/** Space picks the card up; once it is said to be over the lane, Space drops it there. */
async function drag(card: HTMLElement, lane: string) {
  fireEvent.keyDown(card, { code: 'Space', key: ' ' });
  await waitFor(() => expect(screen.getByText(new RegExp(`is over ${lane}`))).toBeTruthy());
  fireEvent.keyDown(card, { code: 'Space', key: ' ' });
}

describe('a kanban block', () => {
  beforeEach(() => clearSession());
  afterEach(() => vi.restoreAllMocks());

  it('puts each card in the lane of its dictionary value', async () => {
    signIn({ Project: ['Search'] });
    fakeServer();
    renderRouted(<PageRenderer nodes={[root(), board()]} pageId={1} mode="live" />);
    const planning = await screen.findByRole('region', { name: 'Planning' });
    expect(await within(planning).findByText('Bridge')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Building' })).getByText('Tunnel')).toBeTruthy();
  });

  it('saves the lane’s value when a card is dragged to it, through the entity’s update', async () => {
    signIn({ Project: ['Search', 'Update'] });
    const server = fakeServer((url) => (url === '/api/Project/update' ? { key: 1 } : undefined));
    renderRouted(<PageRenderer nodes={[root(), board()]} pageId={1} mode="live" />);
    const card = await screen.findByRole('button', { name: 'Bridge' });
    layOut('BUILD');
    await drag(card, 'Building');
    await waitFor(() => expect(server.bodies('/api/Project/update')).toHaveLength(1));
    const body = server.posts.find((p) => p.url === '/api/Project/update')?.body as SaveBody;
    expect(body.mainData).toMatchObject({ id: 1, version: 1, stage: 'BUILD', name: 'Bridge' });
    expect(body.detailData).toEqual({});
  });

  it('puts the card back and says why when the server refuses the move', async () => {
    signIn({ Project: ['Search', 'Update'] });
    fakeServer((url) => {
      if (url === '/api/Project/update') throw new HttpError('Changed by someone else', 409, 'conflict');
      return undefined;
    });
    renderRouted(<PageRenderer nodes={[root(), board()]} pageId={1} mode="live" />);
    const card = await screen.findByRole('button', { name: 'Bridge' });
    layOut('BUILD');
    await drag(card, 'Building');
    expect(await screen.findByText(/The card could not be moved: Changed by someone else/)).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Planning' })).getByText('Bridge')).toBeTruthy(),
    );
    expect(within(screen.getByRole('region', { name: 'Building' })).queryByText('Bridge')).toBeNull();
  });

  it('lets no card be dragged without the Update grant', async () => {
    signIn({ Project: ['Search'] });
    const server = fakeServer();
    renderRouted(<PageRenderer nodes={[root(), board()]} pageId={1} mode="live" />);
    await screen.findByText('Bridge');
    expect(screen.queryByRole('button', { name: 'Bridge' })).toBeNull();
    layOut('BUILD');
    fireEvent.keyDown(screen.getByText('Bridge'), { code: 'Space', key: ' ' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(/is over Building/)).toBeNull();
    expect(server.bodies('/api/Project/update')).toEqual([]);
  });
});
