import { Button, Result, type ResultProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

type Shown = Pick<ResultProps, 'status' | 'title' | 'subTitle'>;

/** A screen that could not be shown: what happened, and the one thing to do about it. */
export function ErrorResult({ action, onAction, ...shown }: Shown & { action: string; onAction(): void }) {
  return (
    <Result
      {...shown}
      extra={
        <Button type="primary" onClick={onAction}>
          {action}
        </Button>
      }
    />
  );
}

/** A screen the user may not or cannot see: the way back is the home screen. */
export function BackHomeResult(shown: Shown) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return <ErrorResult {...shown} action={t('errors.backHome')} onAction={() => void navigate('/home')} />;
}
