import { App, type ModalFuncProps } from 'antd';
import { useTranslation } from 'react-i18next';

type Confirm = Omit<ModalFuncProps, 'onOk'> & {
  /** What OK does; the dialog closes once it is over, done or failed (the HTTP client has shown why). */
  run(): Promise<unknown>;
};

/** Asks before a change that cannot be undone (OK in danger red), then makes it. */
export function useConfirm() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return ({ run, ...props }: Confirm) =>
    modal.confirm({
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      ...props,
      onOk: () => run().catch(() => {}),
    });
}
