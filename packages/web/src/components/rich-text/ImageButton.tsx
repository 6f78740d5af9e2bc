import { LoadingOutlined, PictureOutlined } from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import { filePath } from '@trestle/shared';
import { App, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../lib/http/client.ts';
import { IMAGE_ACCEPT, type StoredFile, type UploadTarget } from '../form/FileField.tsx';
import { ToolButton } from './ToolButton.tsx';

type UploadRequestOption = Parameters<NonNullable<UploadProps['customRequest']>>[0];

/**
 * The image button: uploads the chosen picture and inserts it as <img src="/api/file/<key>">.
 *
 * It uploads through the entity's own route (/api/<Entity>/upload, from fieldSources), as the image and file
 * fields of the same form do, not through /api/File/upload: that one is the file registry's, under the File
 * screen's Upload grant, which a user entering records seldom holds. The entity's route checks the Upload
 * grant of the very table being edited, and files it under that table; the grant that shows this button is
 * the one the server checks (without it the toolbar has no image button).
 */
export function ImageButton({ editor, upload }: { editor: Editor; upload: UploadTarget }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  const customRequest = async ({ file, onSuccess, onError }: UploadRequestOption) => {
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file as Blob);
      const [saved] = await http.formPost<StoredFile[]>(upload.url, form);
      const src = filePath(saved?.key);
      // The route takes other kinds too (PDF, Office): a picture is what goes in here.
      if (!saved || !src || !saved.type.startsWith('image/')) {
        const notImage = new Error(t('upload.notImage', { name: saved?.name ?? '' }));
        void message.error(notImage.message);
        onError?.(notImage);
        return;
      }
      // With a paragraph after it for the caret: left selected, the picture would be replaced by what comes next.
      editor
        .chain()
        .focus()
        .insertContent([{ type: 'image', attrs: { src, alt: saved.name } }, { type: 'paragraph' }])
        .run();
      onSuccess?.(saved);
    } catch (e) {
      // The HTTP client has already told the user why.
      onError?.(e instanceof Error ? e : new Error(String(e)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Upload accept={IMAGE_ACCEPT} showUploadList={false} disabled={busy} customRequest={(o) => void customRequest(o)}>
      <ToolButton icon={busy ? <LoadingOutlined /> : <PictureOutlined />} label={t('richText.image')} disabled={busy} />
    </Upload>
  );
}
