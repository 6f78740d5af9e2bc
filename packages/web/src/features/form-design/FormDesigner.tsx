import {
  ArrowLeftOutlined,
  CloudUploadOutlined,
  HistoryOutlined,
  LockOutlined,
  RedoOutlined,
  SaveOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormDesign, langOf } from '@trestle/shared';
import { Alert, App, Badge, Button, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { useCallback, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { HttpError } from '../../lib/http/transport.ts';
import { AccessDialog } from './AccessDialog.tsx';
import { placeErrors } from './design-errors.ts';
import { emptyDesign, historyReducer, isDirty, startHistory } from './design-state.ts';
import { type Designer, DesignerContext, type Selection } from './designer-context.ts';
import { useLeaveGuard, useUndoKeys } from './designer-hooks.ts';
import { type FormDetail, formDesignKeys, getForm, publishForm, saveForm, useEntityMeta } from './form-design-api.ts';
import { LayoutEditor } from './LayoutEditor.tsx';
import { PreviewPane } from './PreviewPane.tsx';
import { ProblemList } from './ProblemList.tsx';
import { RulesEditor } from './RulesEditor.tsx';
import { useDesignErrors } from './use-design-errors.ts';
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
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [history, dispatch] = useReducer(historyReducer, detail.draft ?? emptyDesign(), startHistory);
  const [version, setVersion] = useState(detail.version);
  const [access, setAccess] = useState({ access: detail.access, publicToken: detail.publicToken });
  const [publishedVersion, setPublishedVersion] = useState(detail.publishedVersion);
  const [selection, select] = useState<Selection>(null);
  const [tab, setTab] = useState('layout');
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const [conflict, setConflict] = useState(false);
  const [refused, setRefused] = useState<{ design: FormDesign; errors: Record<string, string> } | null>(null);
  const [dialog, setDialog] = useState<'access' | 'versions' | null>(null);
  const design = history.present;
  const entityMeta = useEntityMeta(design.entity);
  const entity = entityMeta.data;
  const errors = useDesignErrors(design, entity, refused);
  const placed = useMemo(() => placeErrors(design, errors), [design, errors]);
  const dirty = isDirty(history);
  const presentRef = useRef(design);
  presentRef.current = design;

  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);
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
    [design, selection, errors, placed, entity],
  );

  // A refused write keeps the design as it is here: a conflict offers to load the other one, field errors
  // show on the pieces (for as long as the design is the one refused).
  const refusedBy = (e: unknown, sent: FormDesign) => {
    if (!(e instanceof HttpError)) throw e;
    if (e.status === 409) setConflict(true);
    else if (Object.keys(e.fieldErrors).length) setRefused({ design: sent, errors: e.fieldErrors });
    else void message.error(e.message);
  };

  const save = async (): Promise<number | null> => {
    const sent = presentRef.current;
    setBusy('save');
    setConflict(false);
    try {
      const result = await saveForm(detail.id, version, sent);
      setVersion(result.version);
      dispatch({ type: 'saved', design: sent });
      setRefused(null);
      void message.success(t('formDesign.saved'));
      void queryClient.invalidateQueries({ queryKey: formDesignKeys.list() });
      return result.version;
    } catch (e) {
      refusedBy(e, sent);
      return null;
    } finally {
      setBusy(null);
    }
  };

  const publish = async () => {
    const at = dirty ? await save() : version;
    if (at === null) return;
    setBusy('publish');
    try {
      const result = await publishForm(detail.id, at);
      setVersion(result.version);
      setPublishedVersion(result.publishedVersion);
      void message.success(t('formDesign.published', { version: result.publishedVersion }));
      void queryClient.invalidateQueries({ queryKey: formDesignKeys.all });
    } catch (e) {
      // The server's word for a draft with nothing new in it; any other 409 is someone else's save.
      if (e instanceof HttpError && e.status === 409 && /nothing to publish/i.test(e.message))
        void message.warning(e.message);
      else refusedBy(e, presentRef.current);
    } finally {
      setBusy(null);
    }
  };

  const reload = async () => {
    const fresh = await onReload();
    if (!fresh) return;
    dispatch({ type: 'load', design: fresh.draft });
    setVersion(fresh.version);
    setAccess({ access: fresh.access, publicToken: fresh.publicToken });
    setPublishedVersion(fresh.publishedVersion);
    setConflict(false);
    setRefused(null);
    select(null);
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
            {publishedVersion !== null && <Tag color="green">v{publishedVersion}</Tag>}
            {dirty && <Tag color="orange">{t('formDesign.unsaved')}</Tag>}
          </Space>
          <Space wrap>
            {canEdit && (
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
                  onClick={() => void save()}
                >
                  {t('formDesign.save')}
                </Button>
                <Button
                  icon={<CloudUploadOutlined />}
                  loading={busy === 'publish'}
                  disabled={busy !== null}
                  onClick={() => void publish()}
                >
                  {t('formDesign.publish')}
                </Button>
                <Button icon={<LockOutlined />} onClick={() => setDialog('access')}>
                  {t('formDesign.access')}
                </Button>
              </>
            )}
            <Button icon={<HistoryOutlined />} onClick={() => setDialog('versions')}>
              {t('formDesign.versions')}
            </Button>
            <Link to={`/formAnswers?id=${detail.id}`}>{t('formDesign.answers')}</Link>
          </Space>
        </Space>
        {conflict && (
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
        <ProblemList all={placed.all} />
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
          version={version}
          title={title}
          access={access.access}
          publicToken={access.publicToken}
          published={publishedVersion !== null}
          onClose={() => setDialog(null)}
          onSaved={(r) => {
            setVersion(r.version);
            setAccess({ access: r.access, publicToken: r.publicToken });
            void queryClient.invalidateQueries({ queryKey: formDesignKeys.list() });
          }}
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
