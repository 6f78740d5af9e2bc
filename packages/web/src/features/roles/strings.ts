export const en = {
  'users-roles.addRole': 'Add role',
  'users-roles.editRole': 'Edit role',
  'users-roles.addChild': 'Add below',
  'users-roles.parentRole': 'Parent role',
  'users-roles.roleName': 'Role',
  'users-roles.roleNameZh': 'Chinese name',
  'users-roles.roleType': 'Role type',
  'users-roles.isSuper': 'Super admin',
  'users-roles.userCount': 'Users',
  'users-roles.deleteRoleTitle': 'Delete the role {{name}}?',
} as const;

export const zh: Record<keyof typeof en, string> = {
  'users-roles.addRole': '新建角色',
  'users-roles.editRole': '编辑角色',
  'users-roles.addChild': '添加下级',
  'users-roles.parentRole': '上级角色',
  'users-roles.roleName': '角色名称',
  'users-roles.roleNameZh': '中文名称',
  'users-roles.roleType': '角色类型',
  'users-roles.isSuper': '超级管理员',
  'users-roles.userCount': '用户数',
  'users-roles.deleteRoleTitle': '删除角色 {{name}}？',
};
