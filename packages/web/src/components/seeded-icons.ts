/**
 * The seeded menu and button icons (all features' seeds), in the main bundle so the navigation draws at once. Any other
 * @ant-design/icons name comes from the full set, loaded on first need as its own chunk.
 */
export {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BookOutlined,
  DeleteOutlined,
  DiffOutlined,
  EditOutlined,
  ExportOutlined,
  FileOutlined,
  FileSearchOutlined,
  FolderOpenOutlined,
  HomeOutlined,
  ImportOutlined,
  LoginOutlined,
  MenuOutlined,
  PlusOutlined,
  ProjectOutlined,
  SearchOutlined,
  SettingOutlined,
  SmileOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UploadOutlined,
  UserOutlined,
} from '@ant-design/icons';
