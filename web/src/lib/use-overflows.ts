import { useEffect, useState } from 'react';

/**
 * Whether an element's content is taller than its box, i.e. it scrolls. A scrolling area must be
 * reachable by keyboard to be scrolled (WCAG 2.1.1): one whose content has nothing focusable takes
 * `tabIndex={0}` while this is true. Pass the returned callback as the element's `ref`; it is
 * re-measured when the box resizes or its content changes.
 */
export function useOverflows<T extends HTMLElement>(): [ref: (el: T | null) => void, overflows: boolean] {
  const [el, setEl] = useState<T | null>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    if (!el) return;
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    measure();
    // jsdom lays nothing out (and may lack the observers): there nothing overflows.
    if (typeof ResizeObserver === 'undefined' || typeof MutationObserver === 'undefined') return;
    const resize = new ResizeObserver(measure);
    resize.observe(el);
    const mutation = new MutationObserver(measure);
    mutation.observe(el, { childList: true, subtree: true, characterData: true });
    return () => {
      resize.disconnect();
      mutation.disconnect();
    };
  }, [el]);
  return [setEl, overflows];
}
