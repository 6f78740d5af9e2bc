export const en = {
  'organizations-menus.icons.heading': 'Icons',
  'organizations-menus.icons.hint':
    'Every Ant Design icon (outlined, filled and two-tone). Click one to copy its name, then use it as a menu or button icon.',
  'organizations-menus.icons.copied': 'Copied {{name}}',
  'organizations-menus.icons.copyFailed': 'Could not copy {{name}}; select and copy it by hand',
} as const;

export const zh: Record<keyof typeof en, string> = {
  'organizations-menus.icons.heading': '图标库',
  'organizations-menus.icons.hint': 'Ant Design 的全部图标（线框、实底、双色）。点击复制图标名，用于菜单或按钮图标。',
  'organizations-menus.icons.copied': '已复制 {{name}}',
  'organizations-menus.icons.copyFailed': '无法复制 {{name}}，请手动复制',
};
