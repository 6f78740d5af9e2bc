import { DeleteOutlined, DownloadOutlined, EyeOutlined, SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { type FileListRequest, type FilePage, type FileRow, formatLocalDateTime } from '@trestle/shared';
import { App, Button, DatePicker, Form, Input, Space, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm.ts';
import { GridTable } from '../../components/grid/GridTable.tsx';
import { useGridState } from '../../components/grid/use-grid-state.ts';
import { useMenuGrants } from '../../components/menu-grants.ts';
import { modalDefaults } from '../../lib/theme.ts';
import { FilePreview } from './FilePreview.tsx';
import { deleteFiles, downloadFile, fileKeys, formatSize, listFiles, previewKind, uploadFile } from './files-api.ts';

type SearchValues = { name?: string; type?: string; uploader?: string; entity?: string; at?: [Dayjs, Dayjs] | null };

const blankToUndefined = (s?: string) => (s?.trim() ? s.trim() : undefined);

/** The search's text fields: each as long as the column it looks in. */
const TEXT_FILTERS = [
  { name: 'name', label: 'name', maxLength: 200, width: 160 },
  { name: 'type', label: 'type', maxLength: 100, width: 120 },
  { name: 'uploader', label: 'uploader', maxLength: 50, width: 120 },
  { name: 'entity', label: 'record', maxLength: 64, width: 120 },
] as const;

/** /File: every uploaded file of the tenant, with preview, download and delete. */
export function FilesPage() {
  const { t } = useTranslation();
  const k = (key: string, o?: Record<string, unknown>) => t(`logs-files.file.${key}`, o);
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [form] = Form.useForm<SearchValues>();
  const grid = useGridState<FileListRequest & { page: number; rows: number }, FilePage>({
    key: fileKeys.all,
    fetchPage: listFiles,
    initial: { page: 1, rows: 30, sort: 'uploadedAt', order: 'desc' },
    rowKey: (r) => r.key,
    defaultSort: { field: 'uploadedAt', order: 'desc' },
  });
  const [previewing, setPreviewing] = useState<FileRow | null>(null);
  const changed = grid.reload;
  const grants = useMenuGrants();
  const canSearch = grants.can('Search');
  const canDelete = grants.can('Delete');
  const canUpload = grants.can('Upload');
  const [uploading, setUploading] = useState(0);

  // One request per chosen file: the server checks each (size, kind by content) and the list refreshes.
  const upload = async (file: Blob & { name: string }) => {
    setUploading((n) => n + 1);
    try {
      await uploadFile(file);
      await changed();
      void message.success(k('uploaded', { name: file.name }));
    } catch {
      // The HTTP client has shown why (too large, a kind SiteConfig does not allow).
    } finally {
      setUploading((n) => n - 1);
    }
  };

  const search = (v: SearchValues) =>
    grid.search({
      name: blankToUndefined(v.name),
      type: blankToUndefined(v.type),
      uploader: blankToUndefined(v.uploader),
      entity: blankToUndefined(v.entity),
      from: v.at?.[0]?.startOf('day').toISOString(),
      to: v.at?.[1]?.endOf('day').toISOString(),
    });

  const remove = (row: FileRow) =>
    confirm({
      ...modalDefaults,
      title: k('confirmDelete', { name: row.name }),
      content: row.recordEntity ? k('linkedWarning', { entity: row.recordEntity, key: row.recordKey }) : undefined,
      run: async () => {
        await deleteFiles([row.key]);
        await changed();
        void message.success(k('deleted'));
      },
    });

  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }}>
      {canUpload && (
        <Upload
          multiple
          showUploadList={false}
          customRequest={({ file }) => void upload(file as Blob & { name: string })}
        >
          <Button size="small" icon={<UploadOutlined />} loading={uploading > 0}>
            {k('upload')}
          </Button>
        </Upload>
      )}
      {canSearch && (
        <Form form={form} layout="inline" size="small" onFinish={search} data-testid="file-search">
          {TEXT_FILTERS.map(({ name, label, maxLength, width }) => (
            <Form.Item key={name} name={name} label={k(label)}>
              <Input allowClear maxLength={maxLength} style={{ width }} />
            </Form.Item>
          ))}
          <Form.Item name="at" label={k('time')}>
            <DatePicker.RangePicker />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('grid.search')}
            </Button>
          </Form.Item>
        </Form>
      )}
      <GridTable
        grid={grid}
        testId="file-table"
        wide
        columns={[
          { key: 'name', dataIndex: 'name', title: k('name'), sorter: true, width: 240, fixed: 'left' },
          {
            key: 'size',
            dataIndex: 'size',
            title: k('size'),
            sorter: true,
            width: 100,
            render: (v: number) => formatSize(v),
          },
          { key: 'type', dataIndex: 'type', title: k('type'), sorter: true, width: 160 },
          { key: 'uploaderName', dataIndex: 'uploaderName', title: k('uploader'), sorter: true, width: 120 },
          {
            key: 'record',
            title: k('record'),
            width: 160,
            render: (_: unknown, r: FileRow) =>
              r.recordEntity ? `${r.recordEntity} #${r.recordKey}` : `${r.entity} (${k('notLinked')})`,
          },
          {
            key: 'uploadedAt',
            dataIndex: 'uploadedAt',
            title: k('time'),
            sorter: true,
            defaultSortOrder: 'descend',
            width: 170,
            render: (v: string) => formatLocalDateTime(v),
          },
          {
            key: 'actions',
            title: k('actions'),
            fixed: 'right',
            width: 220,
            render: (_: unknown, r: FileRow) => (
              <Space size={4}>
                {previewKind(r.type) && (
                  <Button size="small" icon={<EyeOutlined />} onClick={() => setPreviewing(r)}>
                    {k('preview')}
                  </Button>
                )}
                <Button size="small" icon={<DownloadOutlined />} onClick={() => void downloadFile(r).catch(() => {})}>
                  {k('download')}
                </Button>
                {canDelete && (
                  <Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(r)}>
                    {t('grid.delete')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
        pagination={{
          showSizeChanger: true,
          pageSizeOptions: [30, 60, 100, 200, 500],
          showTotal: (total) => <span data-testid="file-total">{t('grid.total', { count: total })}</span>,
        }}
      />
      {previewing && <FilePreview file={previewing} onClose={() => setPreviewing(null)} />}
    </Space>
  );
}
