import { useQuery } from '@tanstack/react-query';
import { referenceTargetOf, type TableDesign } from '@trestle/shared';
import { Button, Card, Form, type FormInstance, Space, Switch, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTargets } from '../../components/table-design/design-choices.ts';
import { placeFieldErrors } from '../../components/table-design/design-errors.ts';
import { type DesignForm, fromDesign, newField, suggestedTable } from '../../components/table-design/design-form.ts';
import { listDesigns } from '../../components/table-design/table-design-api.ts';
import { useAppStore } from '../../lib/store.ts';
import type { StepProps } from './MixWizard.tsx';
import { mixKeys, usePageFolders } from './mix-api.ts';
import { detailTableOf, linkRow, mainTableOf, pascalName, publishBegun, startTable, typedRows } from './mix-model.ts';
import { designOf, designProblems, TableEditor } from './TableEditor.tsx';

/** A saved design back in the editor, with two spare rows to type new fields into. */
const reopened = (design: TableDesign): DesignForm => {
  const form = fromDesign(design);
  return startTable(form.name, 2, form.fields.length ? form.fields : [newField(new Set())]);
};
const withLabels = (form: DesignForm, design: TableDesign) => ({ ...form, label: design.label });

/**
 * The app's table and, if it has one, its detail table (lines of a row: a vehicle's bookings), each with the
 * table designer's field rows and the shared checks live. The detail's link to the table is made for the user:
 * a required reference named after the table.
 */
export function StepTable({ app, busy, onNext, onBack }: StepProps) {
  const { t } = useTranslation();
  const [mainForm] = Form.useForm<DesignForm>();
  const [detailForm] = Form.useForm<DesignForm>();
  const saved = useMemo(() => ({ main: mainTableOf(app.draft), detail: detailTableOf(app.draft) }), [app.draft]);
  const [withDetail, setWithDetail] = useState(saved.detail !== null);
  const designs = useQuery({ queryKey: mixKeys.designs(), queryFn: listDesigns });
  const targets = useTargets(designs.data ?? [], saved.main?.name);
  const folderId = useFolderMenuId(app.draft.menuFolder);
  const translate = useCallback(
    (msg: string) => t(`tableDesign.msg.${msg}`, { defaultValue: t(`validation.${msg}`, { defaultValue: msg }) }),
    [t],
  );

  const mainInitial = useMemo(
    () => (saved.main ? withLabels(reopened(saved.main), saved.main) : startTable(pascalName(app.name))),
    [saved.main, app.name],
  );
  const mainOf = useCallback(
    (form: DesignForm) => designOf(form, { folder: folderId, master: null }, targets.all),
    [folderId, targets.all],
  );
  const detailOf = useCallback(
    (form: DesignForm) => {
      const main = mainOf(mainForm.getFieldsValue(true) as DesignForm);
      const link = (form.fields ?? [])[0]?.name ?? '';
      return designOf(form, { folder: null, master: { entity: main.name, field: link } }, [
        ...targets.all,
        referenceTargetOf(main),
      ]);
    },
    [mainOf, mainForm, targets.all],
  );
  const detailInitial = useMemo((): DesignForm => {
    if (saved.detail) return withLabels(reopened(saved.detail), saved.detail);
    const main = mainOf(mainInitial);
    return startTable('', 3, [linkRow({ ...main, table: suggestedTable(main.name) }, newField(new Set()).id)]);
  }, [saved.detail, mainInitial, mainOf]);

  /** Checks a table's form as the server would; its problems placed on its inputs. */
  const checked = async (form: typeof mainForm, make: (f: DesignForm) => TableDesign) => {
    const values = form.getFieldsValue(true) as DesignForm;
    form.setFieldValue('fields', typedRows(values.fields));
    await form.validateFields();
    const design = make(form.getFieldsValue(true) as DesignForm);
    const problems = designProblems(design);
    const taken = (designs.data ?? []).some((d) => d.name === design.name) && !publishBegun(app.draft);
    if (taken) problems.name = 'used by another table design';
    const { placed } = placeFieldErrors(problems, design.fields);
    if (Object.keys(problems).length > 0) {
      form.setFields(placed.map((p) => ({ name: p.name, errors: p.errors.map(translate) })) as never);
      throw new Error('invalid');
    }
    return design;
  };

  const next = async () => {
    try {
      const main = await checked(mainForm, mainOf);
      if (withDetail) syncLink(detailForm, main, linkRow(mainInitial, '').name);
      const detail = withDetail ? await checked(detailForm, detailOf) : null;
      onNext({ ...app, draft: { ...app.draft, table: main, detail } });
    } catch {
      // The problems are on the inputs.
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card size="small" title={t('mixDesign.mainTable')}>
        <TableEditor
          name="mainTable"
          form={mainForm}
          initial={mainInitial}
          title={t('mixDesign.mainTable')}
          targets={targets.options}
          check={mainOf}
          translate={translate}
        />
      </Card>
      <Space>
        <Switch checked={withDetail} onChange={setWithDetail} aria-label={t('mixDesign.withDetail')} />
        <Typography.Text>{t('mixDesign.withDetail')}</Typography.Text>
        <Typography.Text type="secondary">{t('mixDesign.withDetailHint')}</Typography.Text>
      </Space>
      {withDetail && (
        <Card size="small" title={t('mixDesign.detailTable')}>
          <TableEditor
            name="detailTable"
            form={detailForm}
            initial={detailInitial}
            title={t('mixDesign.detailTable')}
            targets={targets.options}
            check={detailOf}
            translate={translate}
          />
        </Card>
      )}
      <Space>
        <Button onClick={onBack} disabled={busy}>
          {t('mixDesign.previous')}
        </Button>
        <Button type="primary" loading={busy} onClick={() => void next()}>
          {t('mixDesign.next')}
        </Button>
      </Space>
    </Space>
  );
}

/**
 * The detail's link row points at the table as now named; its name and label follow the table's too, unless
 * someone renamed the link (`made` is the name it was given).
 */
function syncLink(form: FormInstance<DesignForm>, main: TableDesign, made: string) {
  const rows = (form.getFieldValue('fields') as DesignForm['fields']) ?? [];
  const [first, ...rest] = rows;
  const isLink = first?.type === 'reference';
  const link = linkRow(main, isLink ? first.id : newField(new Set(rows.map((r) => r.id))).id);
  const renamed = isLink && first.name !== made;
  const kept = renamed ? { ...link, name: first.name, label: first.label } : link;
  form.setFieldValue('fields', isLink ? [kept, ...rest] : [kept, ...rows]);
}

/** The menu folder's entry (the table's screen goes beside the app's page), found by the folder's name. */
function useFolderMenuId(code: string): number | null {
  const folders = usePageFolders();
  const permission = useAppStore((s) => s.permission);
  const name = folders.data?.find((f) => f.code === code)?.name;
  return (name && permission.find((m) => !m.url && m.name === name)?.id) || null;
}
