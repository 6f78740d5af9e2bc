import type { BroughtIn, TableDesign } from '@trestle/shared';
import { App, Button, Collapse, Form, Skeleton, Space, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal.tsx';
import { useTargets } from '../../components/table-design/design-choices.ts';
import { placeFieldErrors } from '../../components/table-design/design-errors.ts';
import {
  type DesignForm,
  emptyDesign,
  fromDesign,
  suggestedTable,
  toDesign,
} from '../../components/table-design/design-form.ts';
import { FieldRows } from '../../components/table-design/FieldRows.tsx';
import {
  addDesign,
  type DesignDetail,
  type DesignListItem,
  getDesign,
  saveDesign,
} from '../../components/table-design/table-design-api.ts';
import { HttpError } from '../../lib/http/transport.ts';
import type { Problem } from './EditorNotices.tsx';
import { EditorNotices } from './EditorNotices.tsx';
import { IndexRows } from './IndexRows.tsx';
import { ScreenPreview } from './ScreenPreview.tsx';
import { TableSettings } from './TableSettings.tsx';

/**
 * A design's draft, new (`id` null) or saved: the table's names, its menu folder and flags, its master when
 * it is a detail table, its data scope's fields, and its fields. Saving keeps the draft only; applying it is
 * the preview's. A name and a table stay once applied.
 */
export function DesignEditor({
  id,
  designs,
  broughtIn,
  onClose,
  onSaved,
}: {
  id: number | null;
  designs: readonly DesignListItem[];
  /** A new design read from a table of the database, with the columns it left behind. */
  broughtIn?: BroughtIn;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DesignForm>();
  const [loaded, setLoaded] = useState<DesignDetail | null>(null);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [problems, setProblems] = useState<Problem[]>([]);
  const lastName = useRef('');
  const translate = useCallback(
    (msg: string) => t(`tableDesign.msg.${msg}`, { defaultValue: t(`validation.${msg}`, { defaultValue: msg }) }),
    [t],
  );

  const load = useCallback(async () => {
    if (id === null) return;
    const detail = await getDesign(id);
    setLoaded(detail);
    setConflict(false);
    setProblems([]);
    lastName.current = detail.draft.name;
    form.resetFields();
    form.setFieldsValue(fromDesign(detail.draft));
  }, [id, form]);

  useEffect(() => {
    if (id === null) {
      form.setFieldsValue(broughtIn ? fromDesign(broughtIn.design) : emptyDesign());
      lastName.current = broughtIn?.design.name ?? '';
    } else load().catch(onClose);
  }, [id, form, load, onClose, broughtIn]);

  const fixed = loaded?.applied != null;
  const source = Form.useWatch('source', { form, preserve: true }) as TableDesign['source'];
  const targets = useTargets(designs, loaded?.draft.name);

  const save = async () => {
    try {
      await form.validateFields();
    } catch {
      return; // The form shows what is wrong.
    }
    const values = form.getFieldsValue(true) as DesignForm;
    const design = toDesign(values, loaded?.draft ?? null, targets.all);
    setBusy(true);
    setProblems([]);
    setConflict(false);
    try {
      if (id === null) await addDesign(design);
      else await saveDesign(id, loaded?.version ?? 0, design);
      void message.success(t('tableDesign.saved'));
      onSaved();
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      if (e.status === 409) setConflict(true);
      else if (Object.keys(e.fieldErrors).length > 0) {
        const { placed, unplaced } = placeFieldErrors(e.fieldErrors, values.fields);
        form.setFields(placed.map((p) => ({ name: p.name, errors: p.errors.map(translate) })) as never);
        setProblems(unplaced.map((p) => ({ key: p.key, message: translate(p.message) })));
        if (placed.length === 0 && unplaced.length === 0) void message.error(e.message);
      } else void message.error(e.message);
    } finally {
      setBusy(false);
    }
  };

  // A new design's table follows its name until someone types a table of their own.
  const followName = (name: string) => {
    if (fixed) return;
    const table = form.getFieldValue('table') as string;
    if (!table || table === suggestedTable(lastName.current)) form.setFieldValue('table', suggestedTable(name));
    lastName.current = name;
  };

  const ready = id === null || loaded !== null;
  return (
    <AppModal
      open
      width={1240}
      title={id === null ? t('tableDesign.addTitle') : t('tableDesign.editTitle', { name: loaded?.draft.name ?? '' })}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} disabled={!ready} onClick={() => void save()}>
            {t('tableDesign.save')}
          </Button>
        </Space>
      }
    >
      {!ready && <Skeleton active paragraph={{ rows: 6 }} />}
      <Form<DesignForm>
        form={form}
        layout="vertical"
        style={ready ? undefined : { display: 'none' }}
        onValuesChange={(changed: Partial<DesignForm>) => {
          if (typeof changed.name === 'string') followName(changed.name);
        }}
      >
        <EditorNotices
          broughtFrom={source && !fixed ? source.table : null}
          skipped={broughtIn?.skipped ?? []}
          conflict={conflict}
          onReload={() => void load()}
          problems={problems}
        />
        <TableSettings form={form} designs={designs} loaded={loaded} fixed={fixed} translate={translate} />
        <Typography.Text strong>{t('tableDesign.fields')}</Typography.Text>
        <div style={{ marginTop: 8 }}>
          <FieldRows translate={translate} targets={targets.options} />
        </div>
        <div style={{ marginTop: 16 }}>
          <IndexRows />
        </div>
      </Form>
      <Collapse
        style={{ marginTop: 16 }}
        items={[
          {
            key: 'preview',
            label: t('tableDesign.preview'),
            children: <ScreenPreview form={form} before={loaded?.draft ?? null} targets={targets.all} />,
          },
        ]}
      />
    </AppModal>
  );
}
