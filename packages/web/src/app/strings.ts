export const en = {
  'errors.loadFailed': 'The page failed to load',
  'errors.retry': 'Retry',
} as const;

export const zh: Record<keyof typeof en, string> = {
  'errors.loadFailed': '页面加载失败',
  'errors.retry': '重试',
};
