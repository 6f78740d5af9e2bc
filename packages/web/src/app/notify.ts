import type { MessageInstance } from 'antd/es/message/interface';
import { type MessageKind, showStaticMessage } from '../components/static-message.ts';

/**
 * The HTTP client is configured before React renders, so it talks to this holder: the antd App's themed
 * instance while it is mounted (every screen but sign-in, AppFrame.tsx), else antd's static message, loaded
 * with the first message it shows.
 */
let api: Pick<MessageInstance, MessageKind> | null = null;

/** The App's instance while it is mounted; null when it goes (signing out shows the sign-in screen, outside it). */
export const setMessageApi = (instance: MessageInstance | null) => {
  api = instance;
};

function show(kind: MessageKind, text: string): void {
  if (api) void api[kind](text);
  else showStaticMessage(kind, text);
}

export const notify = {
  info: (text: string) => show('info', text),
  error: (text: string) => show('error', text),
};
