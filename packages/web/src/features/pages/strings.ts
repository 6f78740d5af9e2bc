export const en = {
  'pages.loading': 'Loading…',
  'pages.notFound': 'This page does not exist, is not published, or is not shared with you.',
  'pages.home': 'Home',
};

export const zh: Record<keyof typeof en, string> = {
  'pages.loading': '加载中…',
  'pages.notFound': '此页面不存在、未发布，或未共享给你。',
  'pages.home': '首页',
};
