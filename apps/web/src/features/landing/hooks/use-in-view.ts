import { useEffect, useState, type RefObject } from 'react';

/** Whether the element is at least partly inside the viewport. */
export function useInView(ref: RefObject<Element | null>): boolean {
  const [inView, setInView] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? true), { threshold: 0 });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return inView;
}
