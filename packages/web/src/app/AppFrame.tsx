import { App } from 'antd';
import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { messageConfig } from '../lib/theme.ts';
import { setMessageApi } from './notify.ts';

function MessageBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    setMessageApi(message);
    return () => setMessageApi(null);
  }, [message]);
  return null;
}

/**
 * antd's App (the themed message, modal and notification every screen behind sign-in uses) around every
 * route but sign-in and registration: its dialogs and notifications are a chunk the first visit does without.
 * Those two screens' messages go through antd's static message (components/static-message.ts).
 */
export function AppFrame() {
  return (
    <App message={messageConfig}>
      <MessageBridge />
      <Outlet />
    </App>
  );
}
