import { Modal, type ModalProps } from 'antd';
import { modalDefaults } from '../app/theme.ts';

/** antd Modal with the spec's defaults (width 520, z-index 1000); callers may still override. */
export function AppModal(props: ModalProps) {
  return <Modal width={modalDefaults.width} zIndex={modalDefaults.zIndex} destroyOnHidden {...props} />;
}
