import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import type { FormBody } from '@trestle/shared';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The rounds of a form filled on a page (signed in, or through a public link): answered (the thanks shown),
 * filled again (a fresh form), or published again under the user's hands (the new version opens with what was
 * typed). `key` tells the form when to start anew.
 */
export function useFillRounds(version: number | undefined) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [answered, setAnswered] = useState(false);
  const [kept, setKept] = useState<FormBody | undefined>();
  const [round, setRound] = useState(0);
  return {
    answered,
    kept,
    key: `${round}-${version}`,
    done: () => setAnswered(true),
    again: () => {
      setKept(undefined);
      setAnswered(false);
      setRound((n) => n + 1);
    },
    /** A 409: the form was published again; it is read again (`form`), what was typed kept for it. */
    republished: async (body: FormBody, form: QueryKey) => {
      void message.warning(t('forms.republished'));
      setKept(body);
      await queryClient.invalidateQueries({ queryKey: form });
    },
  };
}
