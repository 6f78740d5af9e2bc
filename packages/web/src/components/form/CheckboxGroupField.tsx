import { Checkbox, type GetProps } from 'antd';

type Props = GetProps<typeof Checkbox.Group> & { 'aria-required'?: unknown };

/**
 * A checkbox group as a form field. Form.Item marks a required field's control aria-required, which the
 * group's role (group) doesn't allow (axe: aria-allowed-attr); the required mark beside the label stays.
 */
export function CheckboxGroupField({ 'aria-required': _required, ...props }: Props) {
  return <Checkbox.Group {...props} />;
}
