import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { messageConfig } from '../lib/theme.ts';

message.config(messageConfig);

/**
 * The HTTP client is configured before React renders, so it talks to this holder: the static
 * message API at first, then the antd App's themed instance once it is mounted.
 */
let api: Pick<MessageInstance, 'info' | 'error'> = message;

export const setMessageApi = (instance: MessageInstance) => {
  api = instance;
};

export const notify = {
  info: (text: string) => void api.info(text),
  error: (text: string) => void api.error(text),
};
