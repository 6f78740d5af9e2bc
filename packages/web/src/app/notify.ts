import type { MessageInstance } from 'antd/es/message/interface';
import { type MessageKind, showStaticMessage } from '../components/static-message.ts';

/**
 * The HTTP client is configured before React renders, so it talks to this holder: the antd App's themed
 * instance while it is mounted (every screen but sign-in, AppFrame.tsx), else antd's static message, loaded
 * with the first message it shows.
 */
let api: Pick<MessageInstance, MessageKind> | null = null;
/** Set when the app heads for sign-in (outside the App); cleared when an App mounts again. */
let leaving = false;

/** The App's instance while it is mounted; null when it goes (signing out shows the sign-in screen, outside it). */
export const setMessageApi = (instance: MessageInstance | null) => {
  api = instance;
  leaving = false;
};

/** The app is on its way to sign-in: a message shown now must outlive the App, which leaves with the screen. */
export const leavingForSignIn = () => {
  leaving = true;
};

function show(kind: MessageKind, text: string): void {
  // Decided once the caller's turn is over: the HTTP client says why (a 401, a failed token refresh) and then
  // heads for sign-in in the same turn, and that message goes to the static one, which stays.
  queueMicrotask(() => {
    if (api && !leaving) void api[kind](text);
    else showStaticMessage(kind, text);
  });
}

export const notify = {
  info: (text: string) => show('info', text),
  error: (text: string) => show('error', text),
};
