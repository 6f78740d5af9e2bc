import {
  ArrowLeftOutlined,
  CloudUploadOutlined,
  HistoryOutlined,
  LockOutlined,
  RedoOutlined,
  SaveOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { langOf } from '@trestle/shared';
import { Alert, Badge, Button, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { placeErrors } from '../../components/form-design/design-errors.ts';
import { type Designer, DesignerContext, type Selection } from '../../components/form-design/designer-context.ts';
import {
  type FormDetail,
  formDesignKeys,
  getForm,
  useEntityMeta,
} from '../../components/form-design/form-design-api.ts';
import { LayoutEditor } from '../../components/form-design/LayoutEditor.tsx';
import { RulesEditor } from '../../components/form-design/RulesEditor.tsx';
import { useDesignErrors } from '../../components/form-design/use-design-errors.ts';
import { ProblemList } from '../../components/problems/ProblemList.tsx';
import { AccessDialog } from './AccessDialog.tsx';
import { useLeaveGuard, useUndoKeys } from './designer-hooks.ts';
import { PreviewPane } from './PreviewPane.tsx';
import { useDraft } from './use-draft.ts';
import { VersionsDrawer } from './VersionsDrawer.tsx';

type Props = { id: number; canEdit: boolean; onClose(): void };
/**
 * One form's designer: the palette, canvas and properties; its rules; a live preview; and the draft's save,
 * publish, versions and access. The design is local state with its own undo history: a refused or
 * conflicting save never loses it.
 */
export function FormDesigner({ id, canEdit, onClose }: Props) {
  const detail = useQuery({
    queryKey: formDesignKeys.detail(id),
    queryFn: () => getForm(id),
    staleTime: Infinity,
    gcTime: 0,
  });
  if (!detail.data)
    return detail.isError ? (
      <Alert type="error" showIcon title={detail.error.message} />
    ) : (
      <Skeleton active paragraph={{ rows: 10 }} />
    );
  return (
    <LoadedDesigner
      key={id}
      detail={detail.data}
      canEdit={canEdit}
      onClose={onClose}
      onReload={() => detail.refetch().then((r) => r.data ?? null)}
    />
  );
}

function LoadedDesigner({
  detail,
  canEdit,
  onClose,
  onReload,
}: {
  detail: FormDetail;
  canEdit: boolean;
  onClose(): void;
  onReload(): Promise<FormDetail | null>;
}) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const draft = useDraft(detail, onReload);
  const { history, dispatch, dirty } = draft;
  const [selection, select] = useState<Selection>(null);
  const [tab, setTab] = useState('layout');
  const [dialog, setDialog] = useState<'access' | 'versions' | null>(null);
  const design = history.present;
  const entity = useEntityMeta(design.entity).data;
  const errors = useDesignErrors(design, entity, draft.refused);
  const placed = useMemo(() => placeErrors(design, errors), [design, errors]);

  const undo = useCallback(() => dispatch({ type: 'undo' }), [dispatch]);
  const redo = useCallback(() => dispatch({ type: 'redo' }), [dispatch]);
  useUndoKeys(tab !== 'preview' && canEdit, undo, redo);
  useLeaveGuard(dirty);

  const designer: Designer = useMemo(
    () => ({
      design,
      change: (change, key) => dispatch({ type: 'change', change, key }),
      selection,
      select,
      errors,
      placed,
      entity,
    }),
    [design, dispatch, selection, errors, placed, entity],
  );

  const reload = async () => {
    if (await draft.reload()) select(null);
  };

  const title = design.title[lang] || design.title.en;
  return (
    <DesignerContext.Provider value={designer}>
      <section aria-label={t('formDesign.designerTitle', { title })}>
        <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <Button icon={<ArrowLeftOutlined />} onClick={onClose}>
              {t('formDesign.back')}
            </Button>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('formDesign.designerTitle', { title })}
            </Typography.Title>
            {design.entity ? <Tag>{design.entity}</Tag> : <Tag>{t('formDesign.standalone')}</Tag>}
            {draft.publishedVersion !== null && <Tag color="green">v{draft.publishedVersion}</Tag>}
            {dirty && <Tag color="orange">{t('formDesign.unsaved')}</Tag>}
          </Space>
          <Space wrap>
            {canEdit && <DraftActions draft={draft} undo={undo} redo={redo} onAccess={() => setDialog('access')} />}
            <Button icon={<HistoryOutlined />} onClick={() => setDialog('versions')}>
              {t('formDesign.versions')}
            </Button>
            <Link to={`/formAnswers?id=${detail.id}`}>{t('formDesign.answers')}</Link>
          </Space>
        </Space>
        {draft.conflict && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('formDesign.conflict')}
            action={
              <Button size="small" danger onClick={() => void reload()}>
                {t('formDesign.reload')}
              </Button>
            }
          />
        )}
        <ProblemList problems={placed.all} title={t('formDesign.problems')} />
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'layout', label: t('formDesign.tab.layout'), children: <LayoutEditor /> },
            {
              key: 'rules',
              label: (
                <Badge count={placed.byRule.size} size="small" offset={[8, 0]}>
                  {t('formDesign.tab.rules')}
                </Badge>
              ),
              children: <RulesEditor />,
            },
            {
              key: 'preview',
              label: t('formDesign.tab.preview'),
              children: tab === 'preview' ? <PreviewPane /> : null,
            },
          ]}
        />
      </section>
      {dialog === 'access' && (
        <AccessDialog
          id={detail.id}
          version={draft.version}
          title={title}
          access={draft.access.access}
          publicToken={draft.access.publicToken}
          published={draft.publishedVersion !== null}
          onClose={() => setDialog(null)}
          onSaved={draft.accessSaved}
        />
      )}
      {dialog === 'versions' && (
        <VersionsDrawer
          id={detail.id}
          title={title}
          draft={design}
          canRevert={canEdit}
          onClose={() => setDialog(null)}
          onReverted={() => {
            setDialog(null);
            void reload();
          }}
        />
      )}
    </DesignerContext.Provider>
  );
}

/** What an editor does to the draft: undo and redo, save, publish, and who may fill it. */
function DraftActions({
  draft,
  undo,
  redo,
  onAccess,
}: {
  draft: ReturnType<typeof useDraft>;
  undo(): void;
  redo(): void;
  onAccess(): void;
}) {
  const { t } = useTranslation();
  const { history, busy } = draft;
  return (
    <>
      <Button
        icon={<UndoOutlined />}
        disabled={history.past.length === 0}
        onClick={undo}
        aria-keyshortcuts="Control+Z Meta+Z"
      >
        {t('formDesign.undo')}
      </Button>
      <Button
        icon={<RedoOutlined />}
        disabled={history.future.length === 0}
        onClick={redo}
        aria-keyshortcuts="Control+Shift+Z Control+Y Meta+Shift+Z"
      >
        {t('formDesign.redo')}
      </Button>
      <Button
        type="primary"
        icon={<SaveOutlined />}
        loading={busy === 'save'}
        disabled={busy !== null}
        onClick={() => void draft.save()}
      >
        {t('formDesign.save')}
      </Button>
      <Button
        icon={<CloudUploadOutlined />}
        loading={busy === 'publish'}
        disabled={busy !== null}
        onClick={() => void draft.publish()}
      >
        {t('formDesign.publish')}
      </Button>
      <Button icon={<LockOutlined />} onClick={onAccess}>
        {t('formDesign.access')}
      </Button>
    </>
  );
}
