import { Button, Tooltip } from 'antd';
import type { MouseEvent, ReactNode } from 'react';

export type ToolButtonProps = {
  icon: ReactNode;
  /** Its tooltip and accessible name. */
  label: string;
  /** A format that is on where the caret is: the button shows pressed. Absent: an action, not a toggle. */
  active?: boolean;
  disabled?: boolean;
  onClick?: () => void;
};

/** Clicking a toolbar button keeps the focus, and the selection, in the document being edited. */
const keepFocus = (e: MouseEvent) => e.preventDefault();

/** One button of the rich-text toolbar: an icon, its name in a tooltip, pressed while its format is on. */
export function ToolButton({ icon, label, active, disabled, onClick }: ToolButtonProps) {
  return (
    <Tooltip title={label} mouseEnterDelay={0.4}>
      <Button
        size="small"
        color={active ? 'primary' : 'default'}
        variant={active ? 'filled' : 'text'}
        icon={icon}
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
        onMouseDown={keepFocus}
        onClick={onClick}
      />
    </Tooltip>
  );
}
