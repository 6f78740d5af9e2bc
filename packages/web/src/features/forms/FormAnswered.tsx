import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** What the one who filled a form sees once the answer is in: thanks, and the ways on. */
export function FormAnswered({ onAgain, onBack }: { onAgain: () => void; onBack?: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="success"
      title={t('forms.thanks')}
      extra={[
        <Button key="again" type="primary" onClick={onAgain}>
          {t('forms.fillAgain')}
        </Button>,
        ...(onBack
          ? [
              <Button key="back" onClick={onBack}>
                {t('forms.backToForms')}
              </Button>,
            ]
          : []),
      ]}
    />
  );
}
