import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Layout, useAppStore } from '../lib/store.ts';
import { dropdownDelays } from '../lib/theme.ts';
import { useCurrentUser } from './current-user.ts';
import { useGo, useSignOut } from './navigation.ts';

const layoutKey = (layout: Layout) => `layout-${layout}`;

/** The user's display name with Personal center, the Layout choice and Sign out. */
export function UserMenu() {
  const { t } = useTranslation();
  const go = useGo();
  const signOut = useSignOut();
  const userInfo = useAppStore((s) => s.userInfo);
  // A new build clears local storage (version check) but keeps the token: the server still knows the name.
  const me = useCurrentUser().data;
  const name = userInfo?.userTrueName || userInfo?.userName || me?.userTrueName || me?.userName;
  const layout = useAppStore((s) => s.layout);
  const setLayout = useAppStore((s) => s.setLayout);

  const items: MenuProps['items'] = [
    { key: 'personal', icon: <UserOutlined />, label: t('header.personalCenter') },
    {
      key: 'layout',
      type: 'group',
      label: t('layout.label'),
      children: [
        { key: layoutKey('left'), label: t('layout.left') },
        { key: layoutKey('top'), label: t('layout.top') },
      ],
    },
    { type: 'divider' },
    { key: 'signOut', icon: <LogoutOutlined />, label: t('header.signOut') },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'personal') go('/UserInfo');
    else if (key === layoutKey('left')) setLayout('left');
    else if (key === layoutKey('top')) setLayout('top');
    else if (key === 'signOut') void signOut();
  };

  return (
    <Dropdown {...dropdownDelays} menu={{ items, onClick, selectable: true, selectedKeys: [layoutKey(layout)] }}>
      <Button type="text" icon={<UserOutlined />}>
        {name} <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
