export const en = {
  'site-login-settings.site.appearance': 'Appearance and lists',
  'site-login-settings.site.uploads': 'Uploads',
  'site-login-settings.site.security': 'Sessions and logs',
  'site-login-settings.site.codePatterns': 'Document numbers',
  'site-login-settings.site.codePatternHelp':
    'Letters, digits and dashes with {yyyy} (year), {yy}, {mm} (month) and one {seq:N}, a counter of at least N digits that starts again each period. Left empty, the built-in pattern shown applies.',
  'site-login-settings.site.separateApprover': 'Segregation of duties',
  'site-login-settings.site.separateApproverHelp':
    'On: whoever submitted a document may not approve it; someone else must.',
  'site-login-settings.site.systemName': 'System name',
  'site-login-settings.site.logo': 'Logo',
  'site-login-settings.site.footerText': 'Footer text',
  'site-login-settings.site.pageSize': 'Default rows per page',
  'site-login-settings.site.uploadMaxMb': 'Largest upload',
  'site-login-settings.site.uploadKinds': 'Allowed file kinds',
  'site-login-settings.site.accessTokenMinutes': 'Access token lifetime (minutes)',
  'site-login-settings.site.sessionMaxHours': 'Absolute session lifetime (hours)',
  'site-login-settings.site.logRetentionDays': 'Keep logs for (days)',
  'site-login-settings.site.tenantNote':
    "These are your company's own name, logo, footer and page size. Upload limits, sessions and log retention are set by the platform administrator for every company.",
  'site-login-settings.kind.image': 'Images',
  'site-login-settings.kind.pdf': 'PDF',
  'site-login-settings.kind.office': 'Office documents',
  'site-login-settings.kind.text': 'Text and CSV',
} as const;

export const zh: Record<keyof typeof en, string> = {
  'site-login-settings.site.appearance': '外观与列表',
  'site-login-settings.site.uploads': '上传',
  'site-login-settings.site.security': '会话与日志',
  'site-login-settings.site.codePatterns': '单据编号',
  'site-login-settings.site.codePatternHelp':
    '字母、数字和短横线，加上 {yyyy}（年）、{yy}、{mm}（月）和一个 {seq:N}：至少 N 位的流水号，每个周期重新开始。留空则使用所示的内置规则。',
  'site-login-settings.site.separateApprover': '职责分离',
  'site-login-settings.site.separateApproverHelp': '开启：提交单据的人不能审批该单据，须由其他人审批。',
  'site-login-settings.site.systemName': '系统名称',
  'site-login-settings.site.logo': '标志',
  'site-login-settings.site.footerText': '页脚文字',
  'site-login-settings.site.pageSize': '列表默认每页行数',
  'site-login-settings.site.uploadMaxMb': '单个上传上限',
  'site-login-settings.site.uploadKinds': '允许的文件类型',
  'site-login-settings.site.accessTokenMinutes': '访问令牌有效期（分钟）',
  'site-login-settings.site.sessionMaxHours': '会话最长时间（小时）',
  'site-login-settings.site.logRetentionDays': '日志保留（天）',
  'site-login-settings.site.tenantNote':
    '这里是本公司自己的系统名称、标志、页脚和每页行数。上传限制、会话和日志保留由平台管理员为所有公司统一设置。',
  'site-login-settings.kind.image': '图片',
  'site-login-settings.kind.pdf': 'PDF',
  'site-login-settings.kind.office': 'Office 文档',
  'site-login-settings.kind.text': '文本与 CSV',
};
