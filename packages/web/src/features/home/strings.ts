export const en = {
  'home.greeting': 'Welcome, {{name}}',
  'home.roles': 'Roles',
  'home.organization': 'Organisation',
  'home.none': 'None',
  'home.quickLinks': 'Quick links',
  'warnings.homeTitle': 'My open warnings ({{count}})',
  'warnings.homeAll': 'All my work',
  'warnings.homeNone': 'No open warnings',
} as const;

export const zh: Record<keyof typeof en, string> = {
  'home.greeting': '欢迎，{{name}}',
  'home.roles': '角色',
  'home.organization': '组织',
  'home.none': '无',
  'home.quickLinks': '快捷入口',
  'warnings.homeTitle': '我的待处理预警（{{count}}）',
  'warnings.homeAll': '我的工作',
  'warnings.homeNone': '没有待处理的预警',
};
