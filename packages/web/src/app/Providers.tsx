import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusableTableScroll } from '../components/table-scroll-focus.ts';
import { componentSize, messageConfig, themeConfig } from '../lib/theme.ts';
import { setMessageApi } from './notify.ts';
import { usePrefersReducedMotion } from './reduced-motion.ts';

export function createQueryClient(): QueryClient {
  // The HTTP client already shows each failure; a retry would show it twice.
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}

function MessageBridge() {
  const { message } = App.useApp();
  useEffect(() => setMessageApi(message), [message]);
  return null;
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
        <App message={messageConfig}>
          <MessageBridge />
          {children}
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
