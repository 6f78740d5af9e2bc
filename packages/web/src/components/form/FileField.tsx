import { CloseOutlined, FileOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { type FieldMeta, fileKeysOf, filePath } from '@trestle/shared';
import { Button, Flex, Typography, Upload, type UploadProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../lib/http/client.ts';
import { useFileBlob } from '../blob-url.ts';

/** Where a file or image field uploads to, and whether the user holds the entity's Upload button. */
export type UploadTarget = { url: string; canUpload: boolean };

/** One stored file as /api/<Entity>/upload answers it. */
export type StoredFile = { key: string; name: string; size: number; type: string; url: string };

/** The server sniffs the content; this only narrows the browser's file picker. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/** file, image and dict share the wire's default length (row-schema.ts). */
const DEFAULT_LENGTH = 500;

type UploadRequestOption = Parameters<NonNullable<UploadProps['customRequest']>>[0];

type Props = {
  field: FieldMeta;
  value?: unknown;
  onChange?: (value: string | null) => void;
  /** Absent or without canUpload, the field shows its files only (thumbnail, links). */
  upload?: UploadTarget;
  disabled?: boolean;
  id?: string;
  /** Why no upload is offered here (a public link's visitor is not signed in): a disabled picker and this note. */
  unavailable?: string | undefined;
};

/** A small image of an uploaded file, by its key; `lazy` waits until it scrolls into view. */
export function FileThumbnail({ fileKey, size, lazy = false }: { fileKey: string; size: number; lazy?: boolean }) {
  const box = useRef<HTMLSpanElement>(null);
  const [visible, setVisible] = useState(!lazy || typeof IntersectionObserver !== 'function');
  useEffect(() => {
    if (visible || !box.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setVisible(true);
    });
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [visible]);
  const src = useFileBlob(fileKey, 'file', visible);
  return (
    <span
      ref={box}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: size,
        height: size,
        overflow: 'hidden',
        borderRadius: 4,
        background: '#f5f5f5',
        verticalAlign: 'middle',
      }}
    >
      {src ? (
        <img src={src} alt={fileKey} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <PictureOutlined style={{ color: '#bfbfbf', fontSize: size / 2 }} />
      )}
    </span>
  );
}

/**
 * The edit widget of a file or image field: uploads through /api/<Entity>/upload and keeps the
 * returned key(s) as the value. Without the Upload grant (or when disabled) it only shows them.
 */
export function FileField({ field, value, onChange, upload, disabled, id, unavailable }: Props) {
  const { t } = useTranslation();
  const isImage = field.type === 'image';
  const editable = !!upload?.canUpload && !disabled;
  const maxLength = field.length ?? DEFAULT_LENGTH;
  const keys = fileKeysOf(value);
  // Several files may finish at once; each appends to the latest value, not to the one it started with.
  const latest = useRef(keys);
  latest.current = keys;
  const [names, setNames] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(0);

  const store = (next: string[]) => {
    latest.current = next;
    onChange?.(next.length > 0 ? next.join(',') : null);
  };

  const customRequest = async ({ file, onSuccess, onError }: UploadRequestOption) => {
    if (!upload) return;
    setError(undefined);
    setBusy((n) => n + 1);
    try {
      const form = new FormData();
      form.append('file', file as Blob);
      const saved = await http.formPost<StoredFile[]>(upload.url, form);
      // The upload route takes any allowed type (PDF, text, Office); an image field keeps images only.
      const notImage = isImage ? saved.find((s) => !s.type.startsWith('image/')) : undefined;
      if (notImage) {
        const message = t('upload.notImage', { name: notImage.name });
        setError(message);
        onError?.(new Error(message));
        return;
      }
      const added = saved.map((s) => s.key);
      const next = isImage ? added.slice(0, 1) : [...latest.current, ...added];
      if (next.join(',').length > maxLength) {
        const message = t('upload.tooMany', { max: maxLength });
        setError(message);
        onError?.(new Error(message));
        return;
      }
      setNames((n) => ({ ...n, ...Object.fromEntries(saved.map((s) => [s.key, s.name])) }));
      store(next);
      onSuccess?.(saved);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      setError(message);
      onError?.(e instanceof Error ? e : new Error(message));
    } finally {
      setBusy((n) => n - 1);
    }
  };

  const remove = (key: string) => store(latest.current.filter((k) => k !== key));
  const removeButton = (key: string) =>
    editable && (
      <Button
        type="text"
        size="small"
        icon={<CloseOutlined />}
        aria-label={t('upload.remove')}
        title={t('upload.remove')}
        onClick={() => remove(key)}
      />
    );

  const picker = editable && (isImage || keys.length === 0 || keys.join(',').length < maxLength) && (
    <Upload
      accept={isImage ? IMAGE_ACCEPT : undefined}
      multiple={!isImage}
      showUploadList={false}
      customRequest={(o) => void customRequest(o)}
    >
      <Button id={id} size="small" icon={<UploadOutlined />} loading={busy > 0}>
        {t(isImage ? 'upload.chooseImage' : 'upload.chooseFile')}
      </Button>
    </Upload>
  );

  return (
    <Flex vertical gap={4} data-testid={`file-field-${field.name}`}>
      {isImage
        ? keys[0] && (
            <Flex align="center" gap={4}>
              <FileThumbnail fileKey={keys[0]} size={96} />
              {removeButton(keys[0])}
            </Flex>
          )
        : keys.map((key) => (
            <Flex align="center" gap={4} key={key}>
              <FileOutlined />
              <Typography.Link onClick={() => void http.downloadGet(filePath(key) ?? '', names[key]).catch(() => {})}>
                {names[key] ?? key}
              </Typography.Link>
              {removeButton(key)}
            </Flex>
          ))}
      {!editable && keys.length === 0 && !unavailable && (
        <Typography.Text type="secondary">{t('upload.none')}</Typography.Text>
      )}
      {picker}
      {unavailable && (
        <>
          <Button id={id} size="small" icon={<UploadOutlined />} disabled>
            {t(isImage ? 'upload.chooseImage' : 'upload.chooseFile')}
          </Button>
          <Typography.Text type="secondary">{unavailable}</Typography.Text>
        </>
      )}
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
    </Flex>
  );
}
