export const en = {
  'errors.noPermission': 'You have no permission to view this page',
  'errors.notFound': 'The page you visited does not exist',
  'errors.backHome': 'Back home',
} as const;

export const zh: Record<keyof typeof en, string> = {
  'errors.noPermission': '您没有权限查看此页面',
  'errors.notFound': '您访问的页面不存在',
  'errors.backHome': '返回首页',
};
