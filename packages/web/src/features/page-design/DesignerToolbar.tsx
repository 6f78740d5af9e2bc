import {
  CloudDownloadOutlined,
  CloudUploadOutlined,
  CopyOutlined,
  EyeOutlined,
  HistoryOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { Button, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SaveState } from './use-page-draft.ts';

export type Opened = 'preview' | 'publish' | 'versions' | 'settings' | 'duplicate';

const stateColor: Record<SaveState, string> = { saved: 'green', pending: 'blue', saving: 'blue', refused: 'red' };

/** The designer's title (with whether the draft is on the server yet, and the version viewers see) … */
export function DesignerTitle({
  title,
  state,
  published,
}: {
  title: string;
  state: SaveState;
  published: number | null;
}) {
  const { t } = useTranslation();
  return (
    <Space>
      {t('pageDesign.designerTitle', { title })}
      <Tag color={stateColor[state]}>{t(`pageDesign.saveState.${state}`)}</Tag>
      {published !== null && <Tag>{t('pageDesign.publishedVersion', { version: published })}</Tag>}
    </Space>
  );
}

/** … and its buttons: preview, publish or take off, versions, settings, duplicate, close. */
export function DesignerButtons({
  canEdit,
  canAdd,
  published,
  onOpen,
  onUnpublish,
  onClose,
}: {
  canEdit: boolean;
  canAdd: boolean;
  published: boolean;
  onOpen(what: Opened): void;
  onUnpublish(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <Button icon={<EyeOutlined />} onClick={() => onOpen('preview')}>
        {t('pageDesign.preview')}
      </Button>
      {canEdit && (
        <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => onOpen('publish')}>
          {t('pageDesign.publish')}
        </Button>
      )}
      {canEdit && published && (
        <Button icon={<CloudDownloadOutlined />} onClick={onUnpublish}>
          {t('pageDesign.unpublish')}
        </Button>
      )}
      <Button icon={<HistoryOutlined />} onClick={() => onOpen('versions')}>
        {t('pageDesign.versions')}
      </Button>
      <Button icon={<SettingOutlined />} onClick={() => onOpen('settings')}>
        {t('pageDesign.settings')}
      </Button>
      {canAdd && (
        <Button icon={<CopyOutlined />} onClick={() => onOpen('duplicate')}>
          {t('pageDesign.duplicate')}
        </Button>
      )}
      <Button onClick={onClose}>{t('pageDesign.close')}</Button>
    </Space>
  );
}
