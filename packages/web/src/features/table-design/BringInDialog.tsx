import { useQuery } from '@tanstack/react-query';
import type { BroughtIn } from '@trestle/shared';
import { Alert, Button, Form, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal.tsx';
import { bringableTables, introspectTable, tableDesignKeys } from '../../components/table-design/table-design-api.ts';

/**
 * "Bring a table in": the tables of the database nothing of the platform manages; the one chosen is read
 * into a new design, which the editor opens (nothing is saved until the admin saves it).
 */
export function BringInDialog({ onClose, onBrought }: { onClose: () => void; onBrought: (b: BroughtIn) => void }) {
  const { t } = useTranslation();
  const sources = useQuery({ queryKey: tableDesignKeys.sources(), queryFn: bringableTables });
  const [table, setTable] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const bring = async () => {
    if (!table) return;
    setBusy(true);
    try {
      onBrought(await introspectTable(table));
    } finally {
      setBusy(false);
    }
  };
  const none = sources.data !== undefined && sources.data.length === 0;
  return (
    <AppModal
      open
      title={t('tableDesign.bringIn')}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" disabled={!table} loading={busy} onClick={() => void bring()}>
            {t('tableDesign.bringInGo')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('tableDesign.bringInHint')}</Typography.Paragraph>
      {none ? (
        <Alert type="info" showIcon title={t('tableDesign.bringInNone')} />
      ) : (
        <Form layout="vertical">
          <Form.Item label={t('tableDesign.sourceTable')} htmlFor="bring-in-table">
            <Select
              id="bring-in-table"
              showSearch
              loading={sources.isPending}
              value={table}
              onChange={setTable}
              options={(sources.data ?? []).map((s) => ({
                value: s.table,
                label: t('tableDesign.sourceOption', { table: s.table, rows: s.rows, columns: s.columns }),
              }))}
            />
          </Form.Item>
        </Form>
      )}
    </AppModal>
  );
}
