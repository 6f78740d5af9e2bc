export const en = {
  'login.heading': 'Sign in',
  'login.register': 'Create an account',
  'register.heading': 'Create an account',
  'register.confirmPassword': 'Confirm password',
  'register.submit': 'Register',
  'register.success': 'Account created; please sign in',
  'register.backToLogin': 'Back to sign in',
  'site-login-settings.registerOff': 'Self-registration is turned off. Ask an administrator for an account.',
} as const;

export const zh: Record<keyof typeof en, string> = {
  'login.heading': '登录',
  'login.register': '注册账号',
  'register.heading': '注册账号',
  'register.confirmPassword': '确认密码',
  'register.submit': '注册',
  'register.success': '注册成功，请登录',
  'register.backToLogin': '返回登录',
  'site-login-settings.registerOff': '自助注册已关闭，请联系管理员开通账号。',
};
