import type { BlockProps } from '@trestle/shared';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { textOf } from './page-wheres.ts';

/** An in-app route (`/Project`): one path, not `//elsewhere`. */
const isRoute = (url: string) => url.startsWith('/') && !url.startsWith('//');

/**
 * A list of links: an in-app route opens in the app (the router); an https address in a new tab that cannot reach
 * back into this one (noopener). Any other address is shown as text, not followed.
 */
export function LinksBlock({ props }: { props: BlockProps<'links'> }) {
  const { t, i18n } = useTranslation();
  return (
    <Flex vertical gap={4}>
      {props.items.map((item) => {
        const title = textOf(item.title, i18n.language) || item.url;
        if (isRoute(item.url))
          return (
            <Link key={item.url + title} to={item.url}>
              {title}
            </Link>
          );
        if (item.url.startsWith('https://'))
          return (
            <Typography.Link
              key={item.url + title}
              href={item.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('pageBlocks.openLink', { title })}
            >
              {title}
            </Typography.Link>
          );
        return <Typography.Text key={item.url + title}>{title}</Typography.Text>;
      })}
    </Flex>
  );
}
