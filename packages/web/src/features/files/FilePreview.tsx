import type { FileRow } from '@trestle/shared';
import { Empty, Image, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal.tsx';
import { useFileBlob } from '../../components/blob-url.ts';
import { previewKind } from './files-api.ts';

/**
 * An image or a PDF, fetched by its key with the token and shown from a blob: URL (an <img> or <iframe>
 * cannot send the Authorization header). The CSP allows blob: frames for this; nothing else is previewed, so no
 * uploaded content ever runs as a document of ours.
 */
export function FilePreview({ file, onClose }: { file: FileRow; onClose(): void }) {
  const { t } = useTranslation();
  const url = useFileBlob(file.key);
  const kind = previewKind(file.type);
  return (
    <AppModal
      open
      title={t('logs-files.file.previewOf', { name: file.name })}
      width={900}
      footer={null}
      onCancel={onClose}
    >
      <div data-testid="file-preview" style={{ minHeight: 200, display: 'flex', justifyContent: 'center' }}>
        {!url ? (
          <Spin />
        ) : kind === 'image' ? (
          <Image src={url} alt={file.name} preview={false} style={{ maxHeight: '70vh', objectFit: 'contain' }} />
        ) : kind === 'pdf' ? (
          <iframe title={file.name} src={url} style={{ width: '100%', height: '70vh', border: 0 }} />
        ) : (
          <Empty description={t('logs-files.file.noPreview')} />
        )}
      </div>
    </AppModal>
  );
}
