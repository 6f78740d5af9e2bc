import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { RichTextCell } from './RichTextCell.tsx';

const editorOf = async (name: string) =>
  ((await screen.findByRole('textbox', { name })) as HTMLElement & { editor: Editor }).editor;

const renderCell = (props: Partial<Parameters<typeof RichTextCell>[0]> = {}) => {
  const onChange = vi.fn();
  render(
    <App>
      <RichTextCell label="Notes" value="<p>Check the <strong>valves</strong></p>" onChange={onChange} {...props} />
    </App>,
  );
  return onChange;
};

describe('a rich-text value in a table cell', () => {
  it('shows its words, and gives the cell what was written in the dialog once OK is clicked', async () => {
    const onChange = renderCell();
    expect(screen.getByText('Check the valves')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Notes' }));
    const editor = await editorOf('Notes');
    act(() => {
      editor.commands.insertContentAt(editor.state.doc.content.size, '<p>Today.</p>');
    });
    // Leaving the document reports it (OK's click does that first).
    fireEvent.blur(screen.getByRole('textbox', { name: 'Notes' }));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onChange).toHaveBeenCalledWith('<p>Check the <strong>valves</strong></p><p>Today.</p>');
  });

  it('leaves the cell as it was on Cancel', async () => {
    const onChange = renderCell();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Notes' }));
    const editor = await editorOf('Notes');
    act(() => {
      editor.commands.clearContent(true);
    });
    fireEvent.blur(screen.getByRole('textbox', { name: 'Notes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onChange).not.toHaveBeenCalled();
    // The cell still shows what it held.
    expect(screen.getByText('Check the valves')).toBeTruthy();
  });

  it('opens a locked value read-only, with nothing to confirm', async () => {
    renderCell({ disabled: true });
    fireEvent.click(screen.getByRole('button', { name: 'View Notes' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.textContent).toContain('Check the valves'));
    expect(screen.queryByRole('button', { name: 'OK' })).toBeNull();
    expect(screen.queryByRole('toolbar')).toBeNull();
  });
});
