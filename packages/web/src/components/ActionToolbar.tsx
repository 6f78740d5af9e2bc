import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonSize, dropdownDelays, maxInlineButtons } from '../lib/theme.ts';
import { useMenuGrants } from './menu-grants.ts';

export type ToolbarItem = {
  /** The button id from the catalogue; an item without one (nor a `grant`) is always shown. */
  id?: number;
  /** The catalogue code of the button whose grant shows the item (`'Add'`); one the catalogue lacks hides it. */
  grant?: string;
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
  const grants = useMenuGrants(menuUrlPath);
  const visible = items.filter((item) =>
    item.grant !== undefined ? grants.can(item.grant) : item.id === undefined || grants.allows(item.id),
  );
  const inline = visible.slice(0, maxInlineButtons);
  const overflow = visible.slice(maxInlineButtons);
  const more = useMoreMenu();

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
          trigger={['hover', 'click']}
          open={more.open}
          onOpenChange={more.onOpenChange}
          popupRender={(menu) => <div ref={more.popupRef}>{menu}</div>}
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
          <Button
            ref={more.buttonRef}
            size={buttonSize}
            aria-haspopup="menu"
            aria-expanded={more.open}
            onClick={more.onButtonClick}
            onKeyDown={more.onButtonKeyDown}
          >
            {t('toolbar.more')} <DownOutlined aria-hidden />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}

/**
 * "More" opens on hover (spec §9's delays), on click and from the keyboard (Enter, Space, ↓, ↑). A
 * click on the button always opens it (the trigger alone would toggle a menu hover has just opened).
 * Opened from the keyboard, its first item takes the focus (the arrows move, Enter runs the action),
 * and Escape gives the focus back to the button.
 */
function useMoreMenu() {
  const [open, setOpen] = useState(false);
  const fromKeyboard = useRef(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open || !fromKeyboard.current) return;
    // The popup is rendered into its portal after this commit.
    const frame = requestAnimationFrame(() =>
      popupRef.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, [open]);

  return {
    open,
    buttonRef,
    popupRef,
    onOpenChange: (next: boolean, info: { source: 'trigger' | 'menu' }) => {
      setOpen(next);
      if (next) return;
      const back = fromKeyboard.current && info.source === 'trigger';
      fromKeyboard.current = false;
      // Escape gives the focus back; a chosen action takes it wherever it goes (a dialog, a download).
      if (back) buttonRef.current?.focus();
    },
    onButtonClick: () => setOpen(true),
    onButtonKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      if (!['Enter', ' ', 'ArrowDown', 'ArrowUp'].includes(e.key)) return;
      fromKeyboard.current = true;
      // Enter and Space click the button themselves; the arrows open it directly.
      if (e.key.startsWith('Arrow')) {
        e.preventDefault();
        setOpen(true);
      }
    },
  };
}
