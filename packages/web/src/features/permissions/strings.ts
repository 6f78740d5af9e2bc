export const en = {
  'users-roles.pickRole': 'Pick a role on the left',
  'users-roles.menu': 'Menu',
  'users-roles.all': 'All',
  'users-roles.allOf': 'All:',
  'users-roles.open': 'Open',
  'users-roles.save': 'Save',
  'users-roles.permissionsSaved': 'Permissions saved; they apply on the next call',
} as const;

export const zh: Record<keyof typeof en, string> = {
  'users-roles.pickRole': '请在左侧选择角色',
  'users-roles.menu': '菜单',
  'users-roles.all': '全选',
  'users-roles.allOf': '全选：',
  'users-roles.open': '可见',
  'users-roles.save': '保存',
  'users-roles.permissionsSaved': '权限已保存，下次请求即生效',
};
