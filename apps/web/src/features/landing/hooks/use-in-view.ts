import { useEffect, useState, type RefObject } from 'react';

/** Whether the element is at least partly inside the viewport (`initial` until it is known). */
export function useInView(ref: RefObject<Element | null> | (() => Element | null), initial = true): boolean {
  const [inView, setInView] = useState(initial);
  useEffect(() => {
    const element = typeof ref === 'function' ? ref() : ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? initial), { threshold: 0 });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, initial]);
  return inView;
}
