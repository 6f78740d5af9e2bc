import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import type { CSSProperties } from 'react';

type Props = {
  value: string;
  placeholder: string;
  onChange: (text: string) => void;
  /** Enter runs the screen's search; the toolbar's Search button is the one button that does it. */
  onSearch: () => void;
  testId?: string;
  style?: CSSProperties;
};

/**
 * The text box beside a screen's toolbar: Enter searches, the clear icon empties it. It has no button of
 * its own, so a screen shows one search button (the toolbar's, granted by the menu).
 */
export function QuickSearch({ value, placeholder, onChange, onSearch, testId, style }: Props) {
  return (
    <span data-testid={testId}>
      <Input
        size="small"
        role="searchbox"
        allowClear
        style={{ width: 220, ...style }}
        prefix={<SearchOutlined aria-hidden />}
        aria-label={placeholder}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onPressEnter={onSearch}
      />
    </span>
  );
}
