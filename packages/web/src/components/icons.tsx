import {
  AppstoreOutlined,
  AuditOutlined,
  DeleteOutlined,
  EditOutlined,
  ExportOutlined,
  FileOutlined,
  HomeOutlined,
  ImportOutlined,
  PlusOutlined,
  SearchOutlined,
  SettingOutlined,
  TeamOutlined,
  UploadOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** Menu and button icons by @ant-design/icons name; an explicit map so the bundle holds only these. */
const iconMap: Record<string, ComponentType> = {
  AppstoreOutlined,
  AuditOutlined,
  DeleteOutlined,
  EditOutlined,
  ExportOutlined,
  FileOutlined,
  HomeOutlined,
  ImportOutlined,
  PlusOutlined,
  SearchOutlined,
  SettingOutlined,
  TeamOutlined,
  UploadOutlined,
  UserOutlined,
};

export function iconFor(name: string | undefined) {
  const Icon = name ? iconMap[name] : undefined;
  return Icon ? <Icon /> : undefined;
}
