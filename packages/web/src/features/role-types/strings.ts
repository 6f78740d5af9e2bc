export const en = {
  'users-roles.roleTypesHint':
    'Role types group roles. They are shared by every tenant, so only a super admin changes them; a type in use cannot be deleted.',
  'users-roles.addRoleType': 'Add role type',
  'users-roles.editRoleType': 'Edit role type',
  'users-roles.roleTypeName': 'Name',
  'users-roles.roleCount': 'Roles',
  'users-roles.deleteTypeTitle': 'Delete the role type {{name}}?',
} as const;

export const zh: Record<keyof typeof en, string> = {
  'users-roles.roleTypesHint': '角色类型用于给角色分组。所有租户共用，只有超级管理员可以修改；被使用的类型不能删除。',
  'users-roles.addRoleType': '新建角色类型',
  'users-roles.editRoleType': '编辑角色类型',
  'users-roles.roleTypeName': '名称',
  'users-roles.roleCount': '角色数',
  'users-roles.deleteTypeTitle': '删除角色类型 {{name}}？',
};
