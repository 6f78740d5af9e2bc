import { EyeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { type BuiltInTable, langOf } from '@trestle/shared';
import { Button, Drawer, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { builtInTables, tableDesignKeys } from '../../components/table-design/table-design-api.ts';
import { TableList } from './TableList.tsx';

/**
 * The built-in entities beside the designs, read-only: what each table holds and what made it (its
 * migrations, or its definition at start-up). They change in code, never here; a design may refer to them.
 */
export function BuiltInTables() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const [shown, setShown] = useState<BuiltInTable | null>(null);
  const list = useQuery({ queryKey: tableDesignKeys.builtIns(), queryFn: builtInTables });
  return (
    <>
      {/* Not built from the ViewGrid parts: the built-in definitions come from code, one per entity (a few dozen, no table), paged here in the browser. */}
      <TableList<BuiltInTable>
        rowKey="name"
        testId="built-in-tables"
        query={list}
        nameWidth={200}
        columns={[
          {
            key: 'detailOf',
            dataIndex: 'detailOf',
            title: t('tableDesign.detailOf'),
            width: 180,
            render: (v: string | null) => v ?? '',
          },
          {
            key: 'source',
            dataIndex: 'source',
            title: t('tableDesign.source'),
            width: 200,
            render: (s: BuiltInTable['source']) => <Tag>{t(`tableDesign.source.${s}`)}</Tag>,
          },
          {
            key: 'actions',
            title: t('tableDesign.actions'),
            fixed: 'right',
            width: 140,
            render: (_, r) => (
              <Button size="small" icon={<EyeOutlined />} onClick={() => setShown(r)}>
                {t('tableDesign.viewFields')}
              </Button>
            ),
          },
        ]}
      />
      <Drawer
        open={shown !== null}
        onClose={() => setShown(null)}
        size="large"
        title={shown ? t('tableDesign.builtInTitle', { label: shown.label[lang], table: shown.table }) : ''}
      >
        {shown && (
          <Table
            rowKey="name"
            size="small"
            data-testid="built-in-fields"
            pagination={false}
            dataSource={shown.fields}
            columns={[
              { key: 'label', title: t('tableDesign.label'), render: (_, f) => f.label[lang] },
              { key: 'name', dataIndex: 'name', title: t('tableDesign.field.name') },
              {
                key: 'type',
                title: t('tableDesign.field.type'),
                render: (_, f) => `${t(`tableDesign.type.${f.type}`)}${f.references ? ` → ${f.references}` : ''}`,
              },
              {
                key: 'flags',
                title: t('tableDesign.field.settings'),
                render: (_, f) => (
                  <>
                    {f.required && <Tag>{t('tableDesign.field.required')}</Tag>}
                    {f.unique && <Tag>{t('tableDesign.field.unique')}</Tag>}
                  </>
                ),
              },
            ]}
          />
        )}
      </Drawer>
    </>
  );
}
