import type { MyForm } from '@trestle/shared';
import { langOf } from '@trestle/shared';
import { Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { textIn } from '../../components/form-runtime/live-rules.ts';
import { GridTable } from '../../components/grid/GridTable.tsx';
import { useWholeListState } from '../../components/grid/use-grid-state.ts';
import { formKeys, formsApi } from './forms-api.ts';

/** /forms: the forms the caller may fill in, or read the answers of. */
export function FormsPage() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  // The server sends the caller's forms whole: a short list.
  const grid = useWholeListState(formKeys.mine(), formsApi.mine, (f: MyForm) => f.id);
  return (
    <Card>
      <GridTable
        grid={grid}
        testId="my-forms"
        locale={{ emptyText: t('forms.none') }}
        columns={[
          { title: t('forms.form'), key: 'title', render: (_, f: MyForm) => textIn(f.title, lang) },
          { title: t('forms.version'), dataIndex: 'version', width: 90 },
          { title: t('forms.answers'), dataIndex: 'submissions', width: 110 },
          {
            title: '',
            key: 'actions',
            width: 200,
            render: (_, f: MyForm) => (
              <Space>
                {f.canFill && <Link to={`/formSubmit?id=${f.id}`}>{t('forms.fillIn')}</Link>}
                {f.canRead && <Link to={`/formAnswers?id=${f.id}`}>{t('forms.answers')}</Link>}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
