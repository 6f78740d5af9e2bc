import { Empty, Input, Spin, Typography } from 'antd';
import {
  type ComponentType,
  type CSSProperties,
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import * as seededIcons from './seeded-icons.ts';

const iconMap: Record<string, ComponentType> = seededIcons;

/** The icon styles the gallery offers; anything else @ant-design/icons exports is not an icon. */
export const ICON_NAME = /^[A-Z][A-Za-z0-9]*(Outlined|Filled|TwoTone)$/;

export type IconSet = ReadonlyMap<string, ComponentType>;
let loading: Promise<IconSet> | undefined;
let loaded: IconSet | undefined;

/** Every outlined, filled and two-tone icon by name, fetched once (a separate chunk). */
export function loadAllIcons(): Promise<IconSet> {
  loading ??= import('@ant-design/icons/es/icons').then((all) => {
    const set = new Map<string, ComponentType>();
    for (const [name, value] of Object.entries(all)) {
      if (ICON_NAME.test(name) && value) set.set(name, value as ComponentType);
    }
    loaded = set;
    return set;
  });
  return loading;
}

/** The full icon set, once loaded (undefined meanwhile). */
export function useAllIcons(): IconSet | undefined {
  const [icons, setIcons] = useState(loaded);
  useEffect(() => {
    if (icons) return;
    let live = true;
    void loadAllIcons().then((set) => live && setIcons(set));
    return () => {
      live = false;
    };
  }, [icons]);
  return icons;
}

/** An icon outside the seeded few: empty until the full set arrives, then the icon. */
function LazyIcon({ name }: { name: string }) {
  const icons = useAllIcons();
  const Icon = icons?.get(name);
  return Icon ? <Icon /> : <span className="anticon" aria-hidden />;
}

export function iconFor(name: string | undefined) {
  if (!name) return undefined;
  const Icon = iconMap[name];
  if (Icon) return <Icon />;
  return ICON_NAME.test(name) ? <LazyIcon name={name} /> : undefined;
}

type GalleryProps = {
  /** Called with the icon's name when one is clicked. */
  onPick(name: string): void;
  /** The name to highlight (the menu's current icon). */
  selected?: string;
  /** Grid height in px; the gallery scrolls inside it. */
  height?: number;
};

const itemStyle = (on: boolean): CSSProperties => ({
  width: '100%',
  padding: '10px 4px',
  border: `1px solid ${on ? '#1677ff' : '#f0f0f0'}`,
  borderRadius: 6,
  background: on ? '#e6f4ff' : '#fff',
  cursor: 'pointer',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 6,
});
const nameStyle: CSSProperties = {
  fontSize: 11,
  color: '#595959',
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
};

type GridProps = {
  icons: IconSet;
  names: readonly string[];
  selected: string | undefined;
  onPick(name: string): void;
  height: number;
  label: string;
};

// Memoised: typing in the search box must not re-render some 800 icons on every key.
const IconGrid = memo(function IconGrid({ icons, names, selected, onPick, height, label }: GridProps) {
  return (
    <ul
      aria-label={label}
      style={{
        listStyle: 'none',
        margin: 0,
        padding: 0,
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(128px, 1fr))',
        gap: 8,
        maxHeight: height,
        overflowY: 'auto',
      }}
    >
      {names.map((name) => {
        const Icon = icons.get(name);
        return Icon ? (
          <li key={name}>
            <button
              type="button"
              title={name}
              aria-label={name}
              aria-pressed={selected === name}
              onClick={() => onPick(name)}
              style={itemStyle(selected === name)}
            >
              <span style={{ fontSize: 22 }}>
                <Icon />
              </span>
              <span style={nameStyle}>{name}</span>
            </button>
          </li>
        ) : null;
      })}
    </ul>
  );
});

/** Every icon, searchable by name; the /icons screen copies on click, the menu editor picks. */
export function IconGallery({ onPick, selected, height = 520 }: GalleryProps) {
  const { t } = useTranslation();
  const icons = useAllIcons();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim().toLowerCase());
  const names = useMemo(
    () => [...(icons?.keys() ?? [])].filter((n) => n.toLowerCase().includes(deferred)).sort(),
    [icons, deferred],
  );
  const latest = useRef(onPick);
  latest.current = onPick;
  const pick = useCallback((name: string) => latest.current(name), []);

  return (
    <div className="icon-gallery">
      <Input.Search
        allowClear
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder={t('organizations-menus.icons.search')}
        aria-label={t('organizations-menus.icons.search')}
        style={{ maxWidth: 360, marginBottom: 12 }}
      />
      {!icons ? (
        <Spin />
      ) : (
        <>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
            {t('organizations-menus.icons.count', { count: names.length })}
          </Typography.Text>
          {names.length === 0 ? (
            <Empty />
          ) : (
            <IconGrid
              icons={icons}
              names={names}
              selected={selected}
              onPick={pick}
              height={height}
              label={t('organizations-menus.icons.list')}
            />
          )}
        </>
      )}
    </div>
  );
}
