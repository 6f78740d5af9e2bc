import { screen } from '@testing-library/react';
import type { EntityMeta } from '@trestle/shared';
import { Table } from 'antd';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../test/render.tsx';
import type { Row } from './columns.tsx';
import { GridSummary } from './summary.tsx';

const label = (en: string) => ({ en, zh: en });
const meta: EntityMeta = {
  name: 'Contract',
  table: 'contracts',
  key: 'id',
  label: label('Contracts'),
  singular: label('Contract'),
  defaultSort: { field: 'id', order: 'desc' },
  details: [],
  softDelete: false,
  audit: false,
  separateApprover: false,
  scope: {},
  fields: [
    { name: 'id', type: 'integer', label: label('Id'), readOnly: true },
    { name: 'amount', type: 'decimal', label: label('Amount'), summary: 'sum' },
  ],
};
const columns = [{ key: 'amount', dataIndex: 'amount', title: 'Amount' }];

describe('GridSummary', () => {
  it('keeps its label on one line in Chinese (not 合 over 计 in the narrow selection column) and groups the sums', async () => {
    const { default: i18n } = await import('i18next');
    await i18n.changeLanguage('zh-CN');
    try {
      renderInApp(
        <Table<Row>
          rowKey="id"
          rowSelection={{}}
          columns={columns}
          dataSource={[{ id: 1, amount: '1234.50' }]}
          pagination={false}
          summary={() => <GridSummary meta={meta} columns={columns} summary={{ amount: '1234.50' }} />}
        />,
      );
      expect(screen.getByText('合计').style.whiteSpace).toBe('nowrap');
      expect(screen.getByText('1,234.50')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });
});
