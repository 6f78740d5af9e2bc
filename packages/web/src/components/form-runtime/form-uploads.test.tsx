import { fireEvent, screen, waitFor } from '@testing-library/react';
import { formDesignSchema } from '@trestle/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { http } from '../../lib/http/client.ts';
import { renderInApp } from '../../test/render.tsx';
import { FormFill, type FormFillProps } from './FormFill.tsx';

const label = (en: string) => ({ en, zh: '' });
const KEY = '0b7c9d5e-0001-4abc-8def-0123456789ab';

/** A form that takes a permit (a file), a site photo (an image) and notes (rich text, with pictures). */
const design = formDesignSchema.parse({
  title: label('Permit request'),
  fields: [
    { name: 'permit', type: 'file', label: label('Permit') },
    { name: 'photo', type: 'image', label: label('Photo') },
    { name: 'notes', type: 'richText', label: label('Notes') },
  ],
  items: [
    { kind: 'field', id: 'f1', name: 'permit' },
    { kind: 'field', id: 'f2', name: 'photo' },
    { kind: 'field', id: 'f3', name: 'notes', span: 24 },
  ],
});

function renderFill(props: Partial<FormFillProps> = {}) {
  return renderInApp(<FormFill design={design} viewer={{ roleIds: [], organizationId: null }} {...props} />);
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:picture');
  URL.revokeObjectURL = vi.fn();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en-US');
});

describe('a form’s uploads', () => {
  it('go through the form’s own route when a signed-in user fills it', async () => {
    const formPost = vi
      .spyOn(http, 'formPost')
      .mockResolvedValue([{ key: KEY, name: 'permit.pdf', size: 4, type: 'application/pdf', url: `/api/file/${KEY}` }]);
    const { container } = renderFill({ formId: 3, onSubmit: async () => {} });
    expect(await screen.findByRole('textbox', { name: 'Notes' }, { timeout: 10_000 })).toBeTruthy();
    // The rich text offers its picture button (a file input of its own): its pictures are the form's uploads too.
    expect(container.querySelectorAll('input[type="file"]')).toHaveLength(3);
    const input = container.querySelector('[data-testid="file-field-permit"] input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'permit.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(formPost).toHaveBeenCalled());
    expect(formPost.mock.calls[0]?.[0]).toBe('/api/form/upload?id=3');
    expect(await screen.findByText('permit.pdf')).toBeTruthy();
  });

  it('are not offered on a public link: the file fields say to sign in, the rich text has no picture button', async () => {
    const { container } = renderFill({ anonymous: true, onSubmit: async () => {} });
    expect(await screen.findByRole('textbox', { name: 'Notes' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getAllByText('Sign in to attach files')).toHaveLength(2);
    const picker = (text: string) => screen.getByText(text).closest('button') as HTMLButtonElement;
    expect(picker('Upload files').disabled).toBe(true);
    expect(picker('Upload image').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Insert image' })).toBeNull();
    expect(container.querySelectorAll('input[type="file"]')).toHaveLength(0);
  });

  it('tell a Chinese visitor to sign in in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    renderFill({ anonymous: true, onSubmit: async () => {} });
    expect(await screen.findAllByText('登录后可上传附件')).toHaveLength(2);
  });

  it('are not offered where no form is being filled (the designer’s preview)', async () => {
    const { container } = renderFill({ onSubmit: async () => {} });
    expect(await screen.findByRole('textbox', { name: 'Notes' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('Upload files')).toBeNull();
    expect(container.querySelectorAll('input[type="file"]')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Insert image' })).toBeNull();
    expect(screen.queryByText('Sign in to attach files')).toBeNull();
  });
});
