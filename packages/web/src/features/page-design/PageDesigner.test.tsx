import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PagePatch } from '@trestle/shared';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http/transport.ts';
import { bodiesTo, type fakeServer, openDesigner, root, textBlock } from './page-design.test-kit.ts';

const patches = (server: ReturnType<typeof fakeServer>) => bodiesTo(server.post, '/api/pages/patch') as PagePatch[];
const introHandle = () => screen.findByRole('button', { name: /^Rich text intro: column/ });

// antd's first render is slow on a busy 2-core machine.
describe('the page designer', { timeout: 30_000 }, () => {
  it('adds a block from the palette with one insert patch', async () => {
    const { server } = openDesigner();
    const palette = await screen.findByRole('navigation', { name: 'Blocks' });
    fireEvent.click(within(palette).getByRole('button', { name: /Rich text/ }));
    await waitFor(() => expect(patches(server)).toHaveLength(1));
    const [patch] = patches(server);
    expect(patch?.id).toBe(7);
    expect(patch?.ops).toHaveLength(1);
    expect(patch?.ops[0]).toMatchObject({
      op: 'insert',
      node: { type: 'richText', parent: 'root', slot: 'main', x: 12, y: 0, props: { html: '' } },
    });
    expect(patch?.ops[0] && 'node' in patch.ops[0] && 'version' in patch.ops[0].node).toBe(false);
  });

  it('adds a block dropped from the palette where it lands, the blocks there making room below it', async () => {
    const { server } = openDesigner();
    const canvas = await screen.findByRole('region', { name: 'Page canvas' });
    const dataTransfer = { types: ['application/x-trestle-block'], getData: () => 'richText' };
    fireEvent.dragOver(canvas, { dataTransfer });
    fireEvent.drop(canvas, { dataTransfer, clientX: 0, clientY: 0 });
    await waitFor(() => expect(patches(server)).toHaveLength(1));
    const ops = patches(server)[0]?.ops ?? [];
    expect(ops).toHaveLength(2);
    expect(ops.find((o) => o.op === 'insert')).toMatchObject({ node: { type: 'richText', x: 0, y: 0 } });
    expect(ops.find((o) => o.op === 'update')).toEqual({ op: 'update', uid: 'intro', version: 3, y: 3 });
  });

  it('moves a block with an update of that node only, at its version', async () => {
    const { server } = openDesigner();
    fireEvent.keyDown(await introHandle(), { key: 'ArrowRight' });
    expect((await introHandle()).getAttribute('aria-label')).toBe('Rich text intro: column 2, row 1, 12 wide, 3 high');
    await waitFor(() => expect(patches(server)).toHaveLength(1));
    expect(patches(server)[0]?.ops).toEqual([{ op: 'update', uid: 'intro', version: 3, x: 1 }]);
    // The next move goes at the version the answer gave.
    fireEvent.keyDown(await introHandle(), { key: 'ArrowDown', shiftKey: true });
    await waitFor(() => expect(patches(server)).toHaveLength(2));
    expect(patches(server)[1]?.ops).toEqual([{ op: 'update', uid: 'intro', version: 4, h: 4 }]);
  });

  it('says a block changed by someone else was, and shows it as they left it', async () => {
    const conflict = new HttpError('Block intro was changed by someone else: reload the page', 409, 'conflict');
    const { reads } = openDesigner(() => conflict, [root(), textBlock('intro', { x: 6, version: 4 })]);
    fireEvent.keyDown(await introHandle(), { key: 'ArrowRight' });
    expect(await screen.findByText(/That block was changed by someone else/)).toBeTruthy();
    await waitFor(() => expect(reads()).toBe(2));
    await waitFor(async () =>
      expect((await introHandle()).getAttribute('aria-label')).toBe(
        'Rich text intro: column 7, row 1, 12 wide, 3 high',
      ),
    );
  });

  it('shows the problems of a refused patch beside the block, and keeps the draft', async () => {
    const refused = new HttpError('The page has errors', 400, 'badRequest', {
      fieldErrors: { 'nodes.intro.props.html': 'the text is too long' },
    });
    openDesigner(() => refused);
    fireEvent.keyDown(await introHandle(), { key: 'ArrowRight' });
    const beside = await screen.findByRole('list', { name: 'Problems of intro' });
    expect(within(beside).getByText('the text is too long')).toBeTruthy();
    expect((await introHandle()).getAttribute('aria-label')).toBe('Rich text intro: column 2, row 1, 12 wide, 3 high');
    expect(screen.getByText('Not saved: see the problems')).toBeTruthy();
  });

  it('sends a block’s change apart from a block the server refused, so the refusal holds it not back', async () => {
    const refused = new HttpError('The page has errors', 400, 'badRequest', {
      fieldErrors: { 'nodes.other.props.html': 'not allowed' },
    });
    const refuse = (body: PagePatch) => (body.ops.some((o) => 'uid' in o && o.uid === 'other') ? refused : null);
    const { server } = openDesigner(refuse, undefined, [root(), textBlock('intro'), textBlock('other', { y: 3 })]);
    fireEvent.keyDown(await screen.findByRole('button', { name: /^Rich text other: column/ }), { key: 'ArrowRight' });
    expect(await screen.findByRole('list', { name: 'Problems of other' })).toBeTruthy();
    fireEvent.keyDown(await introHandle(), { key: 'ArrowRight' });
    await waitFor(() => expect(patches(server)).toHaveLength(3));
    expect(patches(server).map((p) => p.ops.map((o) => ('uid' in o ? o.uid : '')))).toEqual([
      ['other'],
      ['intro'],
      ['other'],
    ]);
    expect(await screen.findByRole('list', { name: 'Problems of other' })).toBeTruthy();
  });

  it('publishes the draft with a note', async () => {
    const { server } = openDesigner();
    fireEvent.click(await screen.findByRole('button', { name: /Publish/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/What changed/), { target: { value: 'First cut' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(bodiesTo(server.post, '/api/pages/publish')).toEqual([{ id: 7, note: 'First cut' }]));
    expect(await screen.findByText('Published: v1')).toBeTruthy();
  });
});
