import { fireEvent, render, screen } from '@testing-library/react';
import type { FieldMeta } from '@trestle/shared';
import { employeeMeta } from '@trestle/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import { HttpError, http } from '../../lib/http.ts';
import { FileField } from './FileField.tsx';

const photo = employeeMeta.fields.find((f) => f.name === 'photo') as FieldMeta;
const attachments: FieldMeta = { name: 'attachments', type: 'file', label: { en: 'Files', zh: '文件' }, length: 60 };
const upload = { url: '/api/Employee/upload', canUpload: true };
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });

const choose = (container: HTMLElement, file: File) => {
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
};

beforeEach(() => {
  // The thumbnail fetches its image with the token; the widget's behaviour does not depend on the bytes.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => ({ ok: true, blob: async () => new Blob([new Uint8Array([1])], { type: 'image/png' }) })),
  );
  URL.createObjectURL = vi.fn(() => 'blob:thumb');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('file and image fields', () => {
  it('stores the url the server answers for an uploaded image, sent as the field "file"', async () => {
    const formPost = vi
      .spyOn(http, 'formPost')
      .mockResolvedValue([{ key: 'k1', name: 'me.png', size: 4, type: 'image/png', url: '/api/file/k1' }]);
    const onChange = vi.fn();
    const { container } = render(<FileField field={photo} upload={upload} onChange={onChange} />);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('image/png,image/jpeg,image/gif,image/webp');
    choose(container, png());
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledWith('/api/file/k1'));
    const [url, form] = formPost.mock.calls[0] ?? [];
    expect(url).toBe('/api/Employee/upload');
    expect((form as FormData).get('file')).toBeInstanceOf(File);
  });

  it('appends a file field’s new url to the ones it holds', async () => {
    vi.spyOn(http, 'formPost').mockResolvedValue([
      { key: 'k2', name: 'b.pdf', size: 4, type: 'application/pdf', url: '/api/file/k2' },
    ]);
    const onChange = vi.fn();
    const { container } = render(
      <FileField field={attachments} upload={upload} value="/api/file/k1" onChange={onChange} />,
    );
    choose(container, new File(['%PDF'], 'b.pdf', { type: 'application/pdf' }));
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledWith('/api/file/k1,/api/file/k2'));
  });

  it('refuses a file that would overflow the field’s length and stores nothing', async () => {
    vi.spyOn(http, 'formPost').mockResolvedValue([
      { key: 'k3', name: 'c.pdf', size: 4, type: 'application/pdf', url: '/api/file/a-very-long-key-0123456789' },
    ]);
    const onChange = vi.fn();
    const { container } = render(
      <FileField field={attachments} upload={upload} value="/api/file/a-long-key-012345" onChange={onChange} />,
    );
    choose(container, new File(['%PDF'], 'c.pdf'));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('60'));
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
      { key: 'k4', name: 'notes.txt', size: 5, type: 'text/plain', url: '/api/file/k4' },
    ]);
    const onChange = vi.fn();
    const { container } = render(<FileField field={photo} upload={upload} onChange={onChange} />);
    choose(container, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('not an image'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('is read-only without the Upload grant: the thumbnail, no upload control, no ×', async () => {
    const { container } = render(
      <FileField field={photo} upload={{ ...upload, canUpload: false }} value="/api/file/k1" onChange={vi.fn()} />,
    );
    expect(container.querySelector('input[type="file"]')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    const img = await screen.findByRole('img', { name: 'k1' });
    expect(img.getAttribute('src')).toBe('blob:thumb');
    expect(fetch).toHaveBeenCalledWith('/api/file/k1', expect.objectContaining({ headers: expect.anything() }));
  });

  it('is read-only when disabled even with the grant', () => {
    const { container } = render(<FileField field={photo} upload={upload} disabled value="" />);
    expect(container.querySelector('input[type="file"]')).toBeNull();
  });

  it('clears the url with the remove ×', () => {
    const onChange = vi.fn();
    render(<FileField field={photo} upload={upload} value="/api/file/k1" onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('removes one file of several, keeping the others', () => {
    const onChange = vi.fn();
    render(<FileField field={attachments} upload={upload} value="/api/file/k1,/api/file/k2" onChange={onChange} />);
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' })[0] as HTMLElement);
    expect(onChange).toHaveBeenCalledWith('/api/file/k2');
  });

  it('downloads a file link by GET with the token', () => {
    const downloadGet = vi.spyOn(http, 'downloadGet').mockResolvedValue();
    render(<FileField field={attachments} value="/api/file/k9" />);
    fireEvent.click(screen.getByText('k9'));
    expect(downloadGet).toHaveBeenCalledWith('/api/file/k9', undefined);
  });
});
