import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DesignDiff, type DiffPart, diffIsEmpty } from './version-diff.ts';

function PartView({ title, part }: { title: string; part: DiffPart }) {
  const { t } = useTranslation();
  if (!part.added.length && !part.removed.length && !part.changed.length) return null;
  return (
    <section aria-label={title} style={{ marginBottom: 12 }}>
      <Typography.Title level={5}>{title}</Typography.Title>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {part.added.map((name) => (
          <li key={`+${name}`}>
            <Typography.Text type="success">{t('formDesign.diff.added')}</Typography.Text> {name}
          </li>
        ))}
        {part.removed.map((name) => (
          <li key={`-${name}`}>
            <Typography.Text type="danger">{t('formDesign.diff.removed')}</Typography.Text> {name}
          </li>
        ))}
        {part.changed.map((c) => (
          <li key={`~${c.name}`}>
            <Typography.Text type="warning">{t('formDesign.diff.changed')}</Typography.Text> {c.name}
            <ul>
              {c.details.map((d) => (
                <li key={d}>
                  <Typography.Text code>{d}</Typography.Text>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Two designs' differences, as lists per kind of piece. */
export function DiffView({ diff }: { diff: DesignDiff }) {
  const { t } = useTranslation();
  if (diffIsEmpty(diff)) return <Empty description={t('formDesign.versions.noChanges')} />;
  return (
    <div>
      <PartView title={t('formDesign.diff.form')} part={{ added: [], removed: [], changed: diff.form }} />
      <PartView title={t('formDesign.diff.fields')} part={diff.fields} />
      <PartView title={t('formDesign.diff.tables')} part={diff.tables} />
      <PartView title={t('formDesign.diff.items')} part={diff.items} />
      <PartView title={t('formDesign.diff.rules')} part={diff.rules} />
    </div>
  );
}
