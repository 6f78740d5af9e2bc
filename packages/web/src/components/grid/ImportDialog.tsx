import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { EntityMeta, ImportExisting, ImportMode, ImportSummary } from '@trestle/shared';
import { Alert, App, Button, Radio, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../lib/http/download.ts';
import { AppModal } from '../AppModal.tsx';
import { labelOf } from '../form/layout.ts';
import { entityApi } from './entity-api.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The server's base64 error workbook as a file. */
export function workbookBlob(base64: string): Blob {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: XLSX });
}

/** `canUpdate`: the caller holds the list's Update button, which updating rows by import needs. */
type Props = { meta: EntityMeta; canUpdate: boolean; onClose: () => void; onImported: () => void };

/**
 * Template, dry-run check with the errors listed, then import all or only the valid rows. A list with a
 * business key offers, to a caller who may update, to update the records the rows' codes name as well.
 */
export function ImportDialog({ meta, canUpdate, onClose, onImported }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const api = entityApi(meta.name);
  const [file, setFile] = useState<File | null>(null);
  const [existing, setExisting] = useState<ImportExisting>('refuse');
  const [result, setResult] = useState<{ answer: ImportSummary; written: boolean } | null>(null);
  const [busy, setBusy] = useState<ImportMode | 'template' | null>(null);
  const answer = result?.answer;
  const keyField = meta.fields.find((f) => f.name === meta.businessKey);
  const outcome = (counts: ImportSummary, written: boolean) =>
    t(written ? 'grid.importDone' : 'grid.importPlan', {
      updated: counts.updated,
      unchanged: counts.unchanged,
      added: counts.added,
      conflicts: counts.conflicts,
    });

  const run = async (mode: ImportMode) => {
    if (!file) return;
    setBusy(mode);
    try {
      const got = await api.importFile(file, mode, existing);
      setResult({ answer: got, written: mode !== 'check' });
      if (mode !== 'check') {
        void message.success(existing === 'update' ? outcome(got, true) : t('grid.imported', { count: got.imported }));
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
        {keyField && canUpdate && (
          <Space orientation="vertical" size={2}>
            <Radio.Group
              aria-label={t('grid.importExisting')}
              value={existing}
              onChange={(e) => {
                setExisting(e.target.value as ImportExisting);
                setResult(null);
              }}
              options={[
                { value: 'refuse', label: t('grid.importAddOnly') },
                { value: 'update', label: t('grid.importUpsert') },
              ]}
            />
            {existing === 'update' && (
              <Typography.Text type="secondary">
                {t('grid.importUpsertHint', { key: labelOf(keyField, i18n.language) })}
              </Typography.Text>
            )}
          </Space>
        )}
        <Space>
          <Button type="primary" disabled={!file} loading={busy === 'check'} onClick={() => void run('check')}>
            {t('grid.check')}
          </Button>
          <Button
            disabled={!file || !answer || answer.invalid > 0 || answer.total === 0}
            loading={busy === 'all'}
            onClick={() => void run('all')}
          >
            {t('grid.importAll')}
          </Button>
          <Button
            disabled={!file || !answer || answer.valid === 0}
            loading={busy === 'valid'}
            onClick={() => void run('valid')}
          >
            {t('grid.importValid')}
          </Button>
        </Space>
        {answer && (
          <Alert
            type={answer.invalid > 0 ? 'warning' : 'success'}
            title={t('grid.checkSummary', { total: answer.total, valid: answer.valid, invalid: answer.invalid })}
            description={
              existing === 'update' ? (
                <span data-testid="import-outcome">{outcome(answer, result?.written ?? false)}</span>
              ) : undefined
            }
            data-testid="import-summary"
          />
        )}
        {answer && answer.errors.length > 0 && (
          <>
            <Table
              size="small"
              rowKey={(e) => `${e.row}-${e.field}-${e.message}`}
              pagination={{ pageSize: 10, size: 'small' }}
              dataSource={answer.errors}
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
            {answer.errorWorkbook && (
              <Button
                icon={<DownloadOutlined />}
                onClick={() =>
                  answer.errorWorkbook && saveBlob(workbookBlob(answer.errorWorkbook), `${meta.name}-errors.xlsx`)
                }
              >
                {t('grid.downloadErrors')}
              </Button>
            )}
          </>
        )}
        {!answer && <Typography.Text type="secondary">{t('grid.importHint')}</Typography.Text>}
      </Space>
    </AppModal>
  );
}
