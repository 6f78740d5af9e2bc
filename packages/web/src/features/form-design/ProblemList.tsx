import { Collapse, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Every problem of the design, where it is and what it is. */
export function ProblemList({ all }: { all: { key: string; where: string; message: string }[] }) {
  const { t } = useTranslation();
  if (all.length === 0) return null;
  return (
    <Collapse
      size="small"
      defaultActiveKey={['problems']}
      style={{ marginBottom: 12 }}
      items={[
        {
          key: 'problems',
          label: (
            <Typography.Text type="danger">
              {t('formDesign.problems')} ({all.length})
            </Typography.Text>
          ),
          children: (
            <ul aria-label={t('formDesign.problems')} style={{ margin: 0, paddingInlineStart: 20 }}>
              {all.map((p) => (
                <li key={p.key}>{`${p.where}: ${p.message}`}</li>
              ))}
            </ul>
          ),
        },
      ]}
    />
  );
}
