import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { EntityMeta } from '@trestle/shared';
import { Alert, App, Button, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../lib/http.ts';
import { AppModal } from '../AppModal.tsx';
import { labelOf } from '../form/layout.ts';
import { entityApi, type ImportMode, type ImportResult } from './entity-api.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The server's base64 error workbook as a file. */
export function workbookBlob(base64: string): Blob {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: XLSX });
}

type Props = { meta: EntityMeta; onClose: () => void; onImported: () => void };

/** Template, dry-run check with the errors listed, then import all or only the valid rows. */
export function ImportDialog({ meta, onClose, onImported }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const api = entityApi(meta.name);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState<ImportMode | 'template' | null>(null);

  const run = async (mode: ImportMode) => {
    if (!file) return;
    setBusy(mode);
    try {
      const answer = await api.importFile(file, mode);
      setResult(answer);
      if (mode !== 'check') {
        void message.success(t('grid.imported', { count: answer.imported }));
        onImported();
      }
    } catch {
      // The HTTP client has shown the failure.
    } finally {
      setBusy(null);
    }
  };

  const template = async () => {
    setBusy('template');
    await api.template().catch(() => {});
    setBusy(null);
  };

  return (
    <AppModal open title={t('grid.importTitle')} width={650} footer={null} onCancel={onClose}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Button type="link" icon={<DownloadOutlined />} loading={busy === 'template'} onClick={() => void template()}>
          {t('grid.downloadTemplate')}
        </Button>
        <Upload
          accept=".xlsx"
          maxCount={1}
          beforeUpload={(f) => {
            setFile(f);
            setResult(null);
            return false;
          }}
          onRemove={() => {
            setFile(null);
            setResult(null);
          }}
        >
          <Button icon={<UploadOutlined />}>{t('grid.chooseFile')}</Button>
        </Upload>
        <Space>
          <Button type="primary" disabled={!file} loading={busy === 'check'} onClick={() => void run('check')}>
            {t('grid.check')}
          </Button>
          <Button
            disabled={!file || !result || result.invalid > 0 || result.total === 0}
            loading={busy === 'all'}
            onClick={() => void run('all')}
          >
            {t('grid.importAll')}
          </Button>
          <Button
            disabled={!file || !result || result.valid === 0}
            loading={busy === 'valid'}
            onClick={() => void run('valid')}
          >
            {t('grid.importValid')}
          </Button>
        </Space>
        {result && (
          <Alert
            type={result.invalid > 0 ? 'warning' : 'success'}
            title={t('grid.checkSummary', { total: result.total, valid: result.valid, invalid: result.invalid })}
            data-testid="import-summary"
          />
        )}
        {result && result.errors.length > 0 && (
          <>
            <Table
              size="small"
              rowKey={(e) => `${e.row}-${e.field}-${e.message}`}
              pagination={{ pageSize: 10, size: 'small' }}
              dataSource={result.errors}
              data-testid="import-errors"
              columns={[
                { key: 'row', dataIndex: 'row', title: t('grid.errorRow'), width: 70 },
                {
                  key: 'field',
                  dataIndex: 'field',
                  title: t('grid.errorField'),
                  width: 150,
                  render: (name: string) => {
                    const field = meta.fields.find((f) => f.name === name);
                    return field ? labelOf(field, i18n.language) : name;
                  },
                },
                { key: 'message', dataIndex: 'message', title: t('grid.errorMessage') },
              ]}
            />
            {result.errorWorkbook && (
              <Button
                icon={<DownloadOutlined />}
                onClick={() =>
                  result.errorWorkbook && saveBlob(workbookBlob(result.errorWorkbook), `${meta.name}-errors.xlsx`)
                }
              >
                {t('grid.downloadErrors')}
              </Button>
            )}
          </>
        )}
        {!result && <Typography.Text type="secondary">{t('grid.importHint')}</Typography.Text>}
      </Space>
    </AppModal>
  );
}
