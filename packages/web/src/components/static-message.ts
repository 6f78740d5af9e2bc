import type { MessageInstance } from 'antd/es/message/interface';
import { messageConfig } from '../lib/theme.ts';

export type MessageKind = keyof Pick<MessageInstance, 'info' | 'error' | 'success'>;

let loaded: Promise<Pick<MessageInstance, MessageKind>> | undefined;

/**
 * antd's static message, loaded with the first message shown by it: the sign-in page's first load does without
 * its notification machinery until it has something to say.
 */
function loadStaticMessage() {
  loaded ??= import('antd/es/message').then(({ default: message }) => {
    message.config(messageConfig);
    return message;
  });
  // A chunk that could not be loaded is asked for again by the next message.
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}

/**
 * A message by antd's static API, outside the App (AppFrame.tsx): on the sign-in and registration screens, and
 * for one shown on the way to sign-in (the App leaves with the screen, and the messages it shows with it).
 */
export function showStaticMessage(kind: MessageKind, text: string): void {
  // Nowhere to say it when even the message's chunk cannot be had (the server gone): the screen stays as it is.
  loadStaticMessage().then(
    (message) => void message[kind](text),
    () => undefined,
  );
}
