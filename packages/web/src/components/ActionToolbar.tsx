import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { buttonSize, dropdownDelays, maxInlineButtons } from '../app/theme.ts';
import { useAppStore } from '../lib/store.ts';
import { findMenuEntry } from './menu-tree.ts';

export type ToolbarItem = {
  /** The button id from the catalogue; an item without one is always shown. */
  id?: number;
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
};

type Props = {
  items: ToolbarItem[];
  /** The route path of the screen's menu entry; the current route when omitted. */
  menuUrlPath?: string;
};

/**
 * The screen's action buttons, filtered by the grants of its menu entry (spec §6):
 * the first few inline, the rest under "More".
 */
export function ActionToolbar({ items, menuUrlPath }: Props) {
  const { t } = useTranslation();
  const location = useLocation();
  const permission = useAppStore((s) => s.permission);
  const granted = findMenuEntry(permission, menuUrlPath ?? location.pathname)?.permission ?? [];
  const visible = items.filter((item) => item.id === undefined || granted.includes(item.id));
  const inline = visible.slice(0, maxInlineButtons);
  const overflow = visible.slice(maxInlineButtons);

  return (
    <Space wrap>
      {inline.map((item) => (
        <Button
          key={item.key}
          size={buttonSize}
          icon={item.icon}
          danger={item.danger}
          disabled={item.disabled}
          onClick={item.onClick}
        >
          {item.label}
        </Button>
      ))}
      {overflow.length > 0 && (
        <Dropdown
          {...dropdownDelays}
          menu={{
            items: overflow.map((item) => ({
              key: item.key,
              label: item.label,
              icon: item.icon,
              danger: item.danger,
              disabled: item.disabled,
            })),
            onClick: ({ key }) => overflow.find((item) => item.key === key)?.onClick(),
          }}
        >
          <Button size={buttonSize}>
            {t('toolbar.more')} <DownOutlined aria-hidden />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
