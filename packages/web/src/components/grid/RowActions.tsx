import { Button, Space } from 'antd';
import type { ReactNode } from 'react';

export type RowAction = {
  key: string;
  label: ReactNode;
  onClick(): void;
  /** False leaves the action out: its grant is missing, or it does not apply to this row. */
  shown?: boolean;
  danger?: boolean;
  disabled?: boolean;
};

/** A row's own actions as small link buttons, in the order given, for a list's actions column. */
export function RowActions({ actions, wrap }: { actions: RowAction[]; wrap?: boolean }) {
  return (
    <Space size={0} wrap={wrap}>
      {actions
        .filter((action) => action.shown !== false)
        .map(({ key, label, shown: _shown, ...button }) => (
          <Button key={key} type="link" size="small" {...button}>
            {label}
          </Button>
        ))}
    </Space>
  );
}
