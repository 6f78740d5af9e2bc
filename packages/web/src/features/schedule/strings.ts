export const en = {
  'schedule.backToApp': 'Back to the application',
} as const;

export const zh: Record<keyof typeof en, string> = {
  'schedule.backToApp': '返回系统',
};
