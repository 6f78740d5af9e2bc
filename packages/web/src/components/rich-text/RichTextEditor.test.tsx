import { act, fireEvent, render, screen } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http/client.ts';
import RichTextEditor, { type RichTextEditorProps } from './RichTextEditor.tsx';
import RichTextView from './RichTextView.tsx';

const KEY = '0b7c9d5e-0001-4abc-8def-0123456789ab';

/** Tiptap hangs its editor on the editable element: the tests edit through it, as a keyboard would. */
const editorOf = (name: string) => (screen.getByRole('textbox', { name }) as HTMLElement & { editor: Editor }).editor;

const renderEditor = (props: RichTextEditorProps) =>
  render(
    <App>
      <RichTextEditor aria-label="Notes" {...props} />
    </App>,
  );

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:picture');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.useRealTimers());

describe('rich-text editor', () => {
  it('tells the form 250 ms after an edit, not at each keystroke', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    renderEditor({ value: '<p>Hello</p>', onChange });
    const editor = editorOf('Notes');
    act(() => {
      editor.commands.insertContentAt(6, ' world');
    });
    act(() => vi.advanceTimersByTime(200));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(50));
    expect(onChange).toHaveBeenCalledWith('<p>Hello world</p>');
  });

  it('tells the form at once when the focus leaves, before the dialog’s Save reads it', () => {
    const onChange = vi.fn();
    const onBlur = vi.fn();
    renderEditor({ value: '<p>Hello</p>', onChange, onBlur });
    const editor = editorOf('Notes');
    act(() => {
      editor.commands.insertContentAt(6, '!');
    });
    fireEvent.blur(screen.getByRole('textbox', { name: 'Notes' }));
    expect(onChange).toHaveBeenCalledWith('<p>Hello!</p>');
    expect(onBlur).toHaveBeenCalled();
  });

  it('reports an emptied document as an empty string, and an edit still pending when it goes away', () => {
    const onChange = vi.fn();
    const { unmount } = renderEditor({ value: '<p>Hello</p>', onChange });
    act(() => {
      editorOf('Notes').commands.clearContent(true);
    });
    unmount();
    expect(onChange).toHaveBeenCalledWith('');
  });

  it('takes a value from outside without reporting it back', () => {
    const onChange = vi.fn();
    const { rerender } = renderEditor({ value: '', onChange });
    rerender(
      <App>
        <RichTextEditor aria-label="Notes" value="<h2>Loaded</h2>" onChange={onChange} />
      </App>,
    );
    expect(editorOf('Notes').getHTML()).toMatch(/^<h2>Loaded<\/h2>/);
    expect(onChange).not.toHaveBeenCalled();
    // Nothing to undo: the loaded text is where editing starts.
    expect((screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('formats the selection from the toolbar, storing no empty paragraph kept after the list for the caret', () => {
    const onChange = vi.fn();
    renderEditor({ value: '<p>Hello</p>', onChange });
    act(() => {
      editorOf('Notes').commands.selectAll();
    });
    fireEvent.click(screen.getByRole('button', { name: 'Bold' }));
    fireEvent.click(screen.getByRole('button', { name: 'Bulleted list' }));
    fireEvent.blur(screen.getByRole('textbox', { name: 'Notes' }));
    expect(onChange).toHaveBeenLastCalledWith('<ul><li><p><strong>Hello</strong></p></li></ul>');
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('inserts a 3×3 table with a header row, and offers row and column commands only inside it', () => {
    renderEditor({ value: '<p>Hello</p>' });
    const editor = editorOf('Notes');
    expect((screen.getByRole('button', { name: 'Add row below' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Insert table' }));
    expect(editor.getHTML().match(/<th>/g)).toHaveLength(3);
    expect(editor.getHTML().match(/<tr>/g)).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Add row below' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add column to the right' }));
    expect(editor.getHTML().match(/<tr>/g)).toHaveLength(4);
    expect(editor.getHTML().match(/<th>/g)).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'Delete table' }));
    expect(editor.getHTML()).not.toContain('<table');
  });

  it('links the selection to a web address and refuses a script address', () => {
    renderEditor({ value: '<p>Site</p>' });
    const editor = editorOf('Notes');
    act(() => {
      editor.commands.selectAll();
    });
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const url = screen.getByRole('textbox', { name: 'Address of the link' });
    fireEvent.change(url, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toContain('http://, https://, mailto: or /');
    expect(editor.getHTML()).not.toContain('<a');
    fireEvent.change(url, { target: { value: 'https://example.com/plan' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(editor.getHTML()).toContain(
      '<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/plan">Site</a>',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove link' }));
    expect(editor.getHTML()).toBe('<p>Site</p>');
  });

  it('uploads a picture through the table’s route and stores its /api/file path, showing it from a blob', async () => {
    const formPost = vi
      .spyOn(http, 'formPost')
      .mockResolvedValue([{ key: KEY, name: 'plan.png', size: 4, type: 'image/png', url: `/api/file/${KEY}` }]);
    const blob = vi.spyOn(http, 'blob').mockResolvedValue(new Blob([new Uint8Array([1])], { type: 'image/png' }));
    const { container } = renderEditor({ value: '', upload: { url: '/api/Gadget/upload', canUpload: true } });
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File([new Uint8Array([0x89, 0x50])], 'plan.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    await vi.waitFor(() =>
      expect(editorOf('Notes').getHTML()).toContain(`<img src="/api/file/${KEY}" alt="plan.png">`),
    );
    expect(formPost.mock.calls[0]?.[0]).toBe('/api/Gadget/upload');
    expect(blob).toHaveBeenCalledWith(`/api/file/${KEY}`);
    await vi.waitFor(() =>
      expect(screen.getByRole('img', { name: 'plan.png' }).getAttribute('src')).toBe('blob:picture'),
    );
    // The caret waits below the picture: what is inserted next goes after it, not in its place.
    fireEvent.click(screen.getByRole('button', { name: 'Insert table' }));
    expect(editorOf('Notes').getHTML()).toMatch(/<img src="\/api\/file\/[^"]+" alt="plan.png"><table/);
  });

  it('offers no image button to a user who may not upload to the table', () => {
    renderEditor({ value: '', upload: { url: '/api/Gadget/upload', canUpload: false } });
    expect(screen.queryByRole('button', { name: 'Insert image' })).toBeNull();
  });
});

describe('rich-text view', () => {
  it('draws known formatting only: no script, handler, script link or picture of another site', async () => {
    vi.spyOn(http, 'blob').mockResolvedValue(new Blob([new Uint8Array([1])], { type: 'image/png' }));
    const html =
      '<h2 onclick="alert(1)">Title</h2><p><strong>bold</strong> <a href="javascript:alert(1)">bad</a> ' +
      '<a href="https://example.com">good</a></p><script>alert(1)</script>' +
      `<img src="https://tracker.example/pixel.png" alt="pixel"><img src="/api/file/${KEY}" alt="map">`;
    const { container, unmount } = render(<RichTextView value={html} aria-label="Notes" />);
    const view = screen.getByRole('textbox', { name: 'Notes' });
    expect(view.getAttribute('contenteditable')).toBe('false');
    expect(view.querySelector('h2')?.textContent).toBe('Title');
    expect(view.querySelector('h2')?.hasAttribute('onclick')).toBe(false);
    expect(view.querySelector('strong')?.textContent).toBe('bold');
    expect([...view.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['https://example.com']);
    expect(container.querySelector('script')).toBeNull();
    expect(container.innerHTML).not.toContain('tracker.example');
    await vi.waitFor(() => expect(screen.getByRole('img', { name: 'map' }).getAttribute('src')).toBe('blob:picture'));
    expect(http.blob).toHaveBeenCalledWith(`/api/file/${KEY}`);
    // The blob: address lives as long as the view.
    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:picture');
  });
});
