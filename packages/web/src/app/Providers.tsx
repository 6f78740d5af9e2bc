import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusableTableScroll } from '../components/table-scroll-focus.ts';
import { componentSize, themeConfig } from '../lib/theme.ts';
import { usePrefersReducedMotion } from './reduced-motion.ts';

export function createQueryClient(): QueryClient {
  // The HTTP client already shows each failure; a retry would show it twice.
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}

export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  const { i18n } = useTranslation();
  useFocusableTableScroll();
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(
    () => (reducedMotion ? { ...themeConfig, token: { ...themeConfig.token, motion: false } } : themeConfig),
    [reducedMotion],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={i18n.language === 'zh-CN' ? zhCN : enUS} theme={theme} componentSize={componentSize}>
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
