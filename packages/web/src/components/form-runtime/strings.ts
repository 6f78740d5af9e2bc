export const en = {
  'formRuntime.submit': 'Submit',
  'formRuntime.addLine': 'Add line',
  'formRuntime.removeLine': 'Remove line',
  'formRuntime.cellLabel': '{{label}}, line {{n}}',
  'formRuntime.noLines': 'No lines yet',
  'formRuntime.fixErrors': 'Some answers need attention ({{count}})',
  'formRuntime.signInToAttach': 'Sign in to attach files',
} as const;

export const zh: Record<keyof typeof en, string> = {
  'formRuntime.submit': '提交',
  'formRuntime.addLine': '添加行',
  'formRuntime.removeLine': '删除行',
  'formRuntime.cellLabel': '第 {{n}} 行{{label}}',
  'formRuntime.noLines': '暂无行',
  'formRuntime.fixErrors': '有 {{count}} 处填写需要修改',
  'formRuntime.signInToAttach': '登录后可上传附件',
};
