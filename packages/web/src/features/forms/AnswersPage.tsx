import { formatLocalDateTime, langOf, type SubmissionItem } from '@trestle/shared';
import { App, Card, Input, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ActionToolbar } from '../../components/ActionToolbar.tsx';
import { textIn } from '../../components/form-runtime/live-rules.ts';
import { useDictionaries } from '../../components/grid/dictionaries.ts';
import { GridTable } from '../../components/grid/GridTable.tsx';
import { gridActions } from '../../components/grid/grid-actions.tsx';
import { type GridPaging, useGridState } from '../../components/grid/use-grid-state.ts';
import { answerColumns, answerText, keyColumns } from './answer-cells.ts';
import { formKeys, formsApi, type SubmissionsPage } from './forms-api.ts';
import { SubmissionDrawer } from './SubmissionDrawer.tsx';

type AnswersRequest = GridPaging & { page: number; rows: number; search: string };

/** #/formAnswers?id=: a form's answers, newest first, searched in their text; one opens as it was filled. */
export function AnswersPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const lang = langOf(i18n.language);
  const id = Number(useSearchParams()[0].get('id'));
  const grid = useGridState<AnswersRequest, SubmissionsPage>({
    key: formKeys.submissions(id),
    fetchPage: (r) =>
      formsApi.submissions({ id, page: r.page, rows: r.rows, search: r.search, order: r.order ?? 'desc' }),
    initial: { page: 1, rows: 20, sort: 'submittedAt', order: 'desc', search: '' },
    rowKey: (r) => r.id,
    defaultSort: { field: 'submittedAt', order: 'desc' },
  });
  const [opened, setOpened] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  // The latest published design names the columns (an answer's own version is shown when it is opened); it
  // comes with the page, since a reader may not be one who fills (and so may not open the form).
  const design = grid.query.data?.design ?? undefined;
  const fields = useMemo(() => (design ? answerColumns(design) : keyColumns(grid.rows)), [design, grid.rows]);
  // A dictionary field's codes read as their labels (a remote dictionary's stay codes: a list shows few).
  const dictionaries = useDictionaries([{ fields }]);
  const yesNo: [string, string] = [t('grid.yes'), t('grid.no')];

  const exportAnswers = async () => {
    setExporting(true);
    try {
      await formsApi.exportFile(id);
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setExporting(false);
    }
  };

  // No menu entry names this page: the form's title is its heading.
  return (
    <>
      <Typography.Title level={1} className="app-page-title">
        {design ? `${textIn(design.title, lang)} — ${t('forms.answers')}` : t('forms.answers')}
      </Typography.Title>
      <Card>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <Input.Search
              allowClear
              aria-label={t('forms.searchAnswers')}
              placeholder={t('forms.searchAnswers')}
              onSearch={(search) => grid.search({ search: search.trim() })}
              style={{ width: 280 }}
            />
            {/* The server checks who may read this form's answers; the screen has no grants of its own. */}
            <ActionToolbar
              items={[
                { ...gridActions(t).export(() => void exportAnswers(), exporting), grant: undefined },
                { ...gridActions(t).refresh(() => void grid.reload(), t('forms.reload')), grant: undefined },
              ]}
            />
          </Space>
          <GridTable
            grid={grid}
            wide
            testId="form-answers"
            onRow={(row: SubmissionItem) => ({ onClick: () => setOpened(row.id), style: { cursor: 'pointer' } })}
            columns={[
              {
                title: t('forms.submittedAt'),
                key: 'submittedAt',
                dataIndex: 'submittedAt',
                width: 170,
                sorter: true,
                sortOrder: grid.request.order === 'asc' ? 'ascend' : 'descend',
                sortDirections: ['descend', 'ascend', 'descend'],
                render: (v: string) => formatLocalDateTime(v),
              },
              {
                title: t('forms.submittedBy'),
                key: 'submittedBy',
                width: 140,
                render: (_, r: SubmissionItem) =>
                  r.submittedBy ?? <Typography.Text type="secondary">{t('forms.publicLink')}</Typography.Text>,
              },
              { title: t('forms.version'), dataIndex: 'formVersion', width: 80 },
              ...fields.map((f) => ({
                title: textIn(f.label, lang),
                key: `field-${f.name}`,
                width: 160,
                ellipsis: true,
                render: (_: unknown, r: SubmissionItem) =>
                  answerText(
                    f,
                    r.mainData[f.name],
                    lang,
                    yesNo,
                    f.dictionary ? dictionaries.get(f.dictionary) : undefined,
                  ),
              })),
            ]}
          />
        </Space>
        <SubmissionDrawer id={opened} onClose={() => setOpened(null)} />
      </Card>
    </>
  );
}
