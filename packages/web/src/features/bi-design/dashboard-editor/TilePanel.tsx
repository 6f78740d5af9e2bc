import type { DashboardItem } from '@trestle/shared';
import { Button, Form, Input, InputNumber, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GRID_COLUMNS } from '../../../components/grid-layout/grid.ts';
import type { Rect } from '../../../components/grid-layout/layout.ts';

type Props = {
  item: DashboardItem | undefined;
  name(item: DashboardItem): string;
  onPlace(id: string, rect: Rect): void;
  onText(id: string, text: string): void;
  onRemove(id: string): void;
};

/** The selected tile placed exactly (column and row from 1), its text edited, or taken off the dashboard. */
export function TilePanel({ item, name, onPlace, onText, onRemove }: Props) {
  const { t } = useTranslation();
  if (!item) return <Typography.Text type="secondary">{t('dashboardEditor.noTile')}</Typography.Text>;
  const number = (key: keyof Rect, min: number, max: number, offset = 0) => (
    <Form.Item label={t(`dashboardEditor.${key}`)} style={{ marginBottom: 8 }}>
      <InputNumber
        aria-label={t(`dashboardEditor.${key}`)}
        min={min}
        max={max}
        precision={0}
        value={item[key] + offset}
        onChange={(v) => typeof v === 'number' && onPlace(item.id, { ...item, [key]: v - offset })}
        style={{ width: 90 }}
      />
    </Form.Item>
  );
  return (
    <Form layout="vertical" size="small">
      <Typography.Title level={5}>{name(item)}</Typography.Title>
      <Space wrap>
        {number('x', 1, GRID_COLUMNS, 1)}
        {number('y', 1, 501, 1)}
        {number('w', 1, GRID_COLUMNS)}
        {number('h', 1, 40)}
      </Space>
      {item.kind === 'text' && (
        <Form.Item label={t('dashboardEditor.text')}>
          <Input.TextArea
            aria-label={t('dashboardEditor.text')}
            value={item.text}
            maxLength={5000}
            autoSize={{ minRows: 3, maxRows: 12 }}
            onChange={(e) => onText(item.id, e.target.value)}
          />
        </Form.Item>
      )}
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('dashboardEditor.moveHint')}
      </Typography.Paragraph>
      <Button danger onClick={() => onRemove(item.id)}>
        {t('dashboardEditor.remove')}
      </Button>
    </Form>
  );
}
