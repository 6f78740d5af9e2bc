import { RedoOutlined, UndoOutlined } from '@ant-design/icons';
import type { TableDesign } from '@trestle/shared';
import { Alert, Badge, Button, Space, Tabs } from 'antd';
import { useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { placeErrors } from '../../components/form-design/design-errors.ts';
import { historyReducer, startHistory } from '../../components/form-design/design-history.ts';
import { type Designer, DesignerContext, type Selection } from '../../components/form-design/designer-context.ts';
import { LayoutEditor } from '../../components/form-design/LayoutEditor.tsx';
import { RulesEditor } from '../../components/form-design/RulesEditor.tsx';
import { useDesignErrors } from '../../components/form-design/use-design-errors.ts';
import { ProblemList } from '../../components/problems/ProblemList.tsx';
import type { StepProps } from './MixWizard.tsx';
import { appMeta, detailTableOf, formOf, type MixState, mainTableOf, startingForm } from './mix-model.ts';

/**
 * The table's form with the form designer's own parts (palette, canvas, properties, rules), over the entity
 * the table will be: started from the table (its fields in order, the detail lines, a first rule) so the
 * admin only adjusts it. Kept in the app's draft; made a form of the server's when the app is published.
 */
export function StepForm(props: StepProps) {
  const { t } = useTranslation();
  const table = mainTableOf(props.app.draft);
  if (!table) return <Alert type="warning" showIcon title={t('mixDesign.noTableYet')} />;
  return <FormStep {...props} table={table} detail={detailTableOf(props.app.draft)} />;
}

function initialForm(app: MixState, table: TableDesign, detail: TableDesign | null) {
  const saved = formOf(app.draft);
  return saved && saved.entity === table.name ? saved : startingForm(app.title, table, detail);
}

function FormStep({
  app,
  busy,
  onNext,
  onBack,
  table,
  detail,
}: StepProps & { table: TableDesign; detail: TableDesign | null }) {
  const { t } = useTranslation();
  const entity = useMemo(() => appMeta(table, detail), [table, detail]);
  const [history, dispatch] = useReducer(historyReducer, initialForm(app, table, detail), startHistory);
  const [selection, select] = useState<Selection>(null);
  const [tab, setTab] = useState('layout');
  const design = history.present;
  const errors = useDesignErrors(design, entity, null);
  const placed = useMemo(() => placeErrors(design, errors), [design, errors]);
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
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <DesignerContext.Provider value={designer}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Button icon={<UndoOutlined />} disabled={history.past.length === 0} onClick={() => dispatch({ type: 'undo' })}>
          {t('mixDesign.undo')}
        </Button>
        <Button
          icon={<RedoOutlined />}
          disabled={history.future.length === 0}
          onClick={() => dispatch({ type: 'redo' })}
        >
          {t('mixDesign.redo')}
        </Button>
        <Button
          onClick={() => {
            dispatch({ type: 'load', design: startingForm(app.title, table, detail) });
            select(null);
          }}
        >
          {t('mixDesign.formFromTable')}
        </Button>
      </Space>
      <ProblemList problems={placed.all} title={t('mixDesign.formProblems')} />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'layout', label: t('mixDesign.formLayout'), children: <LayoutEditor /> },
          {
            key: 'rules',
            label: (
              <Badge count={design.rules.length} size="small" offset={[8, 0]} color="blue">
                {t('mixDesign.formRules')}
              </Badge>
            ),
            children: <RulesEditor />,
          },
        ]}
      />
      <Space>
        <Button onClick={onBack} disabled={busy}>
          {t('mixDesign.previous')}
        </Button>
        <Button
          type="primary"
          loading={busy}
          disabled={hasErrors}
          onClick={() => onNext({ ...app, draft: { ...app.draft, form: design } })}
        >
          {t('mixDesign.next')}
        </Button>
      </Space>
    </DesignerContext.Provider>
  );
}
