import { Modal, type ModalProps } from 'antd';
import { useEffect, useState } from 'react';
import { modalDefaults } from '../lib/theme.ts';

/**
 * Our dialogs close by being taken off the page while open (`{dialog && <XDialog open />}`), which skips
 * antd's own return of the focus (it runs only when `open` turns false): the keyboard would land on the
 * page's body. So the focus goes back here to what had it when the dialog opened, unless the user has
 * already put it somewhere else.
 */
function useFocusReturn() {
  // Read while rendering: by the time effects run, the dialog has already taken the focus.
  const [opener] = useState(() => document.activeElement);
  useEffect(
    () => () => {
      // After the dialog's own clean-up, which drops the focus on the body as its nodes go.
      setTimeout(() => {
        const now = document.activeElement;
        const lost = !now || now === document.body || !now.isConnected;
        if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus({ preventScroll: true });
      });
    },
    [opener],
  );
}

/** antd Modal with the spec's defaults (width 520, z-index 1000); callers may still override. */
export function AppModal(props: ModalProps) {
  useFocusReturn();
  return <Modal width={modalDefaults.width} zIndex={modalDefaults.zIndex} destroyOnHidden {...props} />;
}
