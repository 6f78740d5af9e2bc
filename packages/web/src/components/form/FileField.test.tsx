import { fireEvent, render, screen } from '@testing-library/react';
import type { FieldMeta } from '@trestle/shared';
import { employeeMeta } from '@trestle/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http/client.ts';
import { HttpError } from '../../lib/http/transport.ts';
import { FileField } from './FileField.tsx';

const photo = employeeMeta.fields.find((f) => f.name === 'photo') as FieldMeta;
const attachments: FieldMeta = { name: 'attachments', type: 'file', label: { en: 'Files', zh: '文件' }, length: 100 };
const upload = { url: '/api/Employee/upload', canUpload: true };
// Keys as the server generates them (uuids); the field holds nothing else.
const K1 = '0b7c9d5e-0001-4abc-8def-0123456789ab';
const K2 = '0b7c9d5e-0002-4abc-8def-0123456789ab';
const K3 = '0b7c9d5e-0003-4abc-8def-0123456789ab';
const K4 = '0b7c9d5e-0004-4abc-8def-0123456789ab';
const K9 = '0b7c9d5e-0009-4abc-8def-0123456789ab';
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });

const choose = (container: HTMLElement, file: File) => {
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
};

beforeEach(() => {
  // The thumbnail fetches its image with the token; the widget's behaviour does not depend on the bytes.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => ({
      ok: true,
      status: 200,
      blob: async () => new Blob([new Uint8Array([1])], { type: 'image/png' }),
    })),
  );
  URL.createObjectURL = vi.fn(() => 'blob:thumb');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('file and image fields', () => {
  it('stores the key the server answers for an uploaded image, sent as the field "file"', async () => {
    const formPost = vi
      .spyOn(http, 'formPost')
      .mockResolvedValue([{ key: K1, name: 'me.png', size: 4, type: 'image/png', url: `/api/file/${K1}` }]);
    const onChange = vi.fn();
    const { container } = render(<FileField field={photo} upload={upload} onChange={onChange} />);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('image/png,image/jpeg,image/gif,image/webp');
    choose(container, png());
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledWith(K1));
    const [url, form] = formPost.mock.calls[0] ?? [];
    expect(url).toBe('/api/Employee/upload');
    expect((form as FormData).get('file')).toBeInstanceOf(File);
  });

  it('appends a file field’s new key to the ones it holds', async () => {
    vi.spyOn(http, 'formPost').mockResolvedValue([
      { key: K2, name: 'b.pdf', size: 4, type: 'application/pdf', url: `/api/file/${K2}` },
    ]);
    const onChange = vi.fn();
    const { container } = render(<FileField field={attachments} upload={upload} value={K1} onChange={onChange} />);
    choose(container, new File(['%PDF'], 'b.pdf', { type: 'application/pdf' }));
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledWith(`${K1},${K2}`));
  });

  it('refuses a file that would overflow the field’s length and stores nothing', async () => {
    vi.spyOn(http, 'formPost').mockResolvedValue([
      { key: K3, name: 'c.pdf', size: 4, type: 'application/pdf', url: `/api/file/${K3}` },
    ]);
    const onChange = vi.fn();
    // Two keys fill 73 characters: a third would pass the field's 100.
    const { container } = render(
      <FileField field={attachments} upload={upload} value={`${K1},${K2}`} onChange={onChange} />,
    );
    choose(container, new File(['%PDF'], 'c.pdf'));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('100'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows the server’s 400 message and stores nothing', async () => {
    vi.spyOn(http, 'formPost').mockRejectedValue(
      new HttpError('"notes.txt" is not an allowed file type', 400, 'bad_request', { fieldErrors: { file: 'x' } }),
    );
    const onChange = vi.fn();
    const { container } = render(<FileField field={photo} upload={upload} onChange={onChange} />);
    choose(container, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '"notes.txt" is not an allowed file type');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('keeps an image field to images even when the server accepts the file as another type', async () => {
    vi.spyOn(http, 'formPost').mockResolvedValue([
      { key: K4, name: 'notes.txt', size: 5, type: 'text/plain', url: `/api/file/${K4}` },
    ]);
    const onChange = vi.fn();
    const { container } = render(<FileField field={photo} upload={upload} onChange={onChange} />);
    choose(container, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('not an image'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('is read-only without the Upload grant: the thumbnail, no upload control, no ×', async () => {
    const { container } = render(
      <FileField field={photo} upload={{ ...upload, canUpload: false }} value={K1} onChange={vi.fn()} />,
    );
    expect(container.querySelector('input[type="file"]')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    const img = await screen.findByRole('img', { name: K1 });
    expect(img.getAttribute('src')).toBe('blob:thumb');
    expect(fetch).toHaveBeenCalledWith(`/api/file/${K1}`, expect.objectContaining({ headers: expect.anything() }));
  });

  it.each([
    'https://evil.example/track.png',
    '//evil.example/x.png',
    `/api/file/${K1}/../../user/getCurrentUserInfo`,
    `https://evil.example/api/file/${K1}`,
  ])('never fetches a value that is not a key (%s): no request, no token, no picture', async (value) => {
    render(<FileField field={photo} value={value} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('is read-only when disabled even with the grant', () => {
    const { container } = render(<FileField field={photo} upload={upload} disabled value="" />);
    expect(container.querySelector('input[type="file"]')).toBeNull();
  });

  it('clears the url with the remove ×', () => {
    const onChange = vi.fn();
    render(<FileField field={photo} upload={upload} value={K1} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('removes one file of several, keeping the others', () => {
    const onChange = vi.fn();
    render(<FileField field={attachments} upload={upload} value={`${K1},${K2}`} onChange={onChange} />);
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' })[0] as HTMLElement);
    expect(onChange).toHaveBeenCalledWith(K2);
  });

  it('downloads a file link by GET with the token, from the route of its key', () => {
    const downloadGet = vi.spyOn(http, 'downloadGet').mockResolvedValue();
    render(<FileField field={attachments} value={K9} />);
    fireEvent.click(screen.getByText(K9));
    expect(downloadGet).toHaveBeenCalledWith(`/api/file/${K9}`, undefined);
  });
});
