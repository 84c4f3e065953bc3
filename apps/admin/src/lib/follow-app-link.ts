import type { MouseEvent } from 'react';

/**
 * One click handler for many plain `<a href>` inside an element (a table of rows): a plain
 * left click on a link to this app changes the route in place, as react-router's Link does;
 * modified clicks (new tab, new window), other origins and downloads stay with the browser.
 */
export function followAppLink(event: MouseEvent<HTMLElement>, navigate: (path: string) => void): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  const anchor = event.target instanceof Element ? event.target.closest('a') : null;
  if (!anchor || !event.currentTarget.contains(anchor) || !anchor.href) return;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
  const url = new URL(anchor.href);
  if (url.origin !== window.location.origin) return;
  event.preventDefault();
  navigate(`${url.pathname}${url.search}${url.hash}`);
}
