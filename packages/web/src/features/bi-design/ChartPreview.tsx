import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ChartDefinition } from '@trestle/shared';
import { Alert, Card, Radio, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BiChart } from '../../components/chart/BiChart.tsx';
import { biDesignKeys, runPreview } from './bi-design-api.ts';

/** How long the builder waits after the last change before asking the server again. */
export const PREVIEW_DEBOUNCE_MS = 600;

/** The value once it has stayed the same for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

type Props = {
  /** The definition to draw; null while it is not whole (the reasons are in `waiting`). */
  chart: ChartDefinition | null;
  waiting: string[];
  title: string;
};

/**
 * The chart as it is being built, drawn from the server's answer to the unsaved definition (the designer's
 * own scope applies), in either language; asked again a moment after the last change, not on each keystroke.
 */
export function ChartPreview({ chart, waiting, title }: Props) {
  const { t, i18n } = useTranslation();
  const [language, setLanguage] = useState<'en' | 'zh'>(i18n.language.startsWith('zh') ? 'zh' : 'en');
  const key = useDebounced(chart ? JSON.stringify(chart) : null, PREVIEW_DEBOUNCE_MS);
  const preview = useQuery({
    queryKey: biDesignKeys.preview(key ?? ''),
    queryFn: async () => {
      const definition = JSON.parse(key ?? 'null') as ChartDefinition;
      const answer = await runPreview(definition);
      return { definition, result: answer.results.preview ?? { ok: false as const, message: '' } };
    },
    enabled: key !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

  return (
    <Card
      size="small"
      title={t('biDesign.preview')}
      extra={
        <Radio.Group
          aria-label={t('biDesign.preview.language')}
          size="small"
          optionType="button"
          value={language}
          onChange={(e) => setLanguage(e.target.value)}
          options={[
            { value: 'en', label: 'English' },
            { value: 'zh', label: '中文' },
          ]}
        />
      }
    >
      <section aria-label={t('biDesign.preview')} aria-busy={preview.isFetching}>
        {waiting.length > 0 ? (
          <Space orientation="vertical">
            {waiting.map((w) => (
              <Typography.Text key={w} type="secondary">
                {w}
              </Typography.Text>
            ))}
          </Space>
        ) : preview.isError ? (
          <Alert type="error" showIcon title={preview.error.message} />
        ) : preview.data ? (
          <Spin spinning={preview.isFetching}>
            <BiChart
              definition={preview.data.definition}
              result={preview.data.result}
              language={language}
              height={320}
              title={title}
            />
          </Spin>
        ) : (
          <Spin />
        )}
      </section>
    </Card>
  );
}
