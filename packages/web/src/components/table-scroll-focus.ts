import { useEffect } from 'react';

/** antd's scrolling parts of a wide table: the body (sticky or fixed header) or the whole content. */
const SCROLLERS = '.ant-table-body:not([tabindex]), .ant-table-content:not([tabindex])';

/**
 * A wide table scrolls sideways in a div of antd's own, which a keyboard reaches only through a control in
 * its rows, and many lists have none (logs, the project summary): each such div takes a tab stop, so the
 * arrow keys scroll it (WCAG 2.1.1). antd offers no prop for that div, so it is marked as it appears.
 */
export function useFocusableTableScroll() {
  useEffect(() => {
    const mark = () => {
      for (const el of document.querySelectorAll<HTMLElement>(SCROLLERS)) el.tabIndex = 0;
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
}
