import { SettingOutlined } from '@ant-design/icons';
import type { EntityMeta } from '@trestle/shared';
import { Button, Checkbox, Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { labelOf } from '../form/layout.ts';
import { listFields } from './columns.tsx';

const storageKey = (entity: string) => `grid.columns.${entity}`;

/** The columns a user switched off, remembered per entity on this device. */
export function useHiddenColumns(entity: string) {
  const [hidden, setHidden] = useState<Set<string>>(() => {
    try {
      const saved: unknown = JSON.parse(localStorage.getItem(storageKey(entity)) ?? '[]');
      return new Set(Array.isArray(saved) ? saved.filter((x): x is string => typeof x === 'string') : []);
    } catch {
      return new Set();
    }
  });
  const update = (next: Set<string>) => {
    localStorage.setItem(storageKey(entity), JSON.stringify([...next]));
    setHidden(next);
  };
  return [hidden, update] as const;
}

type Props = { meta: EntityMeta; hidden: ReadonlySet<string>; onChange: (hidden: Set<string>) => void };

export function ColumnChooser({ meta, hidden, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const fields = listFields(meta);
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('grid.columns')}
      content={
        <Checkbox.Group
          style={{ display: 'flex', flexDirection: 'column' }}
          value={fields.filter((f) => !hidden.has(f.name)).map((f) => f.name)}
          options={fields.map((f) => ({ value: f.name, label: labelOf(f, i18n.language) }))}
          onChange={(shown) => onChange(new Set(fields.map((f) => f.name).filter((n) => !shown.includes(n))))}
        />
      }
    >
      <Button size="small" icon={<SettingOutlined />} data-testid="grid-column-chooser">
        {t('grid.columns')}
      </Button>
    </Popover>
  );
}
