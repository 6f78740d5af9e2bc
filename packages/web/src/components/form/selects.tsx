import { ui } from '@trestle/shared';
import { Select, type SelectProps, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';

export type Option = {
  value: string | number;
  label: string;
  disabled?: boolean;
  /** A reference choice: what choosing it fills in the form, and the labels of filled references. */
  fill?: Record<string, unknown> | null;
  fillLabels?: Record<string, string | null> | null;
};

/** Open at once, close only after a delay (spec §4: the dropdown hides after 300 ms). */
export function useDelayedClose(delayMs: number = ui.selectHideDelayMs) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  const show = useCallback(() => {
    cancel();
    setOpen(true);
  }, [cancel]);
  const hide = useCallback(() => {
    cancel();
    timer.current = setTimeout(() => setOpen(false), delayMs);
  }, [cancel, delayMs]);
  useEffect(() => cancel, [cancel]);
  return { open, show, hide, onOpenChange: (next: boolean) => (next ? show() : hide()) };
}

/** A remote query goes out only for non-empty text that changed since the last query sent. */
export function createQueryGate() {
  let last: string | null = null;
  return (text: string): boolean => {
    const q = text.trim();
    if (q === '' || q === last) return false;
    last = q;
    return true;
  };
}

/** Calls `run` once typing has paused for `delayMs` (spec §9 refresh debounce, 250 ms). */
export function useDebounced<A extends unknown[]>(run: (...args: A) => void, delayMs: number = ui.refreshDebounceMs) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (...args: A) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => latest.current(...args), delayMs);
    },
    [delayMs],
  );
}

type BaseProps = Omit<SelectProps, 'open' | 'onOpenChange' | 'onBlur' | 'showSearch'>;

/** antd Select whose dropdown hides 300 ms after it is left. */
export function DelayedSelect(props: BaseProps & { searchable?: boolean }) {
  const { open, show, hide, onOpenChange } = useDelayedClose();
  const { searchable = true, ...rest } = props;
  return (
    <Select
      allowClear
      style={{ width: '100%' }}
      {...rest}
      showSearch={searchable ? { optionFilterProp: 'label' } : false}
      open={open}
      onOpenChange={onOpenChange}
      onFocus={show}
      onBlur={hide}
    />
  );
}

type RemoteProps = BaseProps & {
  /** Asks the server for the options matching the text. */
  fetchOptions: (q: string) => Promise<Option[]>;
  /** Options already known (e.g. the label of the current value read with the row). */
  initialOptions?: Option[];
};

/**
 * A select whose options come from the server: opening it lists the first page at once, then typing asks
 * again only for non-empty text that changed (spec §4); clearing the text shows the first page again.
 */
export function RemoteSelect({ fetchOptions, initialOptions = [], ...rest }: RemoteProps) {
  const { open, show, hide } = useDelayedClose();
  const [options, setOptions] = useState<Option[]>(initialOptions);
  const [loading, setLoading] = useState(false);
  const gate = useRef(createQueryGate());
  const firstPage = useRef<Option[] | null>(null);
  // Only the latest answer counts: a slow first page must not replace what was searched since.
  const latest = useRef(0);
  const listed = useRef(false);
  useEffect(() => {
    if (!open) listed.current = false;
  }, [open]);
  const load = (q: string, keep?: (found: Option[]) => void) => {
    const asked = ++latest.current;
    setLoading(true);
    fetchOptions(q)
      .then((found) => {
        if (asked !== latest.current) return;
        keep?.(found);
        setOptions(found);
      })
      .catch(() => {})
      .finally(() => setLoading(false));
  };
  const query = useDebounced((text: string) => {
    if (text.trim() === '' && firstPage.current) {
      // Back to the first page: the next text counts as changed again.
      gate.current = createQueryGate();
      return setOptions(firstPage.current);
    }
    if (gate.current(text)) load(text.trim());
  });
  const opened = () => {
    if (!listed.current) {
      listed.current = true;
      // Each opening lists afresh: the choices may depend on what the form holds now (its parent).
      gate.current = createQueryGate();
      firstPage.current = null;
      load('', (found) => {
        firstPage.current = found;
      });
    }
    show();
  };
  const known = [...options, ...initialOptions.filter((o) => !options.some((x) => x.value === o.value))];
  return (
    <Select
      allowClear
      style={{ width: '100%' }}
      {...rest}
      options={known}
      showSearch={{ filterOption: false, onSearch: query }}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      open={open}
      onOpenChange={(next) => (next ? opened() : hide())}
      onFocus={opened}
      onBlur={hide}
    />
  );
}
