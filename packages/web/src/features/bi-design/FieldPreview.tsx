import { type DatasetField, langOf } from '@trestle/shared';
import { Card, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export const typeColor: Record<DatasetField['type'], string> = {
  number: 'blue',
  string: 'default',
  date: 'green',
  datetime: 'green',
  boolean: 'purple',
};

/** The fields the dataset offers charts, as the builder will list them: worked out here as it is edited. */
export function FieldPreview({ fields }: { fields: DatasetField[] }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  return (
    <Card size="small" title={t('biDesign.fields.title', { count: fields.length })}>
      {fields.length === 0 ? (
        <Typography.Text type="secondary">{t('biDesign.fields.none')}</Typography.Text>
      ) : (
        <Table<DatasetField>
          size="small"
          rowKey="name"
          data-testid="dataset-fields"
          pagination={false}
          scroll={{ y: 480 }}
          dataSource={fields}
          columns={[
            {
              key: 'label',
              title: t('biDesign.fields.label'),
              render: (_, f) => (
                <>
                  <div>{f.label[lang] || f.name}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {f.name}
                  </Typography.Text>
                </>
              ),
            },
            {
              key: 'type',
              title: t('biDesign.fields.type'),
              width: 90,
              render: (_, f) => <Tag color={typeColor[f.type]}>{t(`biDesign.valueType.${f.type}`)}</Tag>,
            },
            {
              key: 'origin',
              title: t('biDesign.fields.origin'),
              width: 100,
              render: (_, f) => t(`biDesign.origin.${f.origin}`),
            },
          ]}
        />
      )}
    </Card>
  );
}
