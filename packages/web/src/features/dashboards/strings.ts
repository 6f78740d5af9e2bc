export const en = {
  'dashboards.name': 'Dashboard',
  'dashboards.description': 'Description',
  'dashboards.updatedAt': 'Updated',
  'dashboards.open': 'Open',
  'dashboards.none': 'No dashboard is shared with you yet',
  'dashboards.notFound': 'This dashboard does not exist, or is not shared with you.',
  'dashboards.back': 'All dashboards',
  'dashboards.drillHint': 'Click a period to look into it',
  'dashboards.filterHint': 'Click a value to filter the other charts',
  'dashboards.loading': 'Loading…',
};

export const zh: Record<keyof typeof en, string> = {
  'dashboards.name': '仪表板',
  'dashboards.description': '说明',
  'dashboards.updatedAt': '更新时间',
  'dashboards.open': '打开',
  'dashboards.none': '还没有共享给你的仪表板',
  'dashboards.notFound': '此仪表板不存在，或未共享给你。',
  'dashboards.back': '全部仪表板',
  'dashboards.drillHint': '点击某个时段可下钻查看',
  'dashboards.filterHint': '点击某个值可筛选其他图表',
  'dashboards.loading': '加载中…',
};
