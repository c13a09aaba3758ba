import { useEffect, useState } from 'react';

/** The id of the section currently at the top of the viewport, for highlighting a table of contents. */
export function useActiveSection(ids: string[]) {
  const [active, setActive] = useState<string | undefined>(ids[0]);
  const key = ids.join(' ');

  useEffect(() => {
    const elements = key
      .split(' ')
      .map((id) => document.getElementById(id))
      .filter((element): element is HTMLElement => element !== null);
    const visible = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target.id);
          else visible.delete(entry.target.id);
        }
        const first = elements.find((element) => visible.has(element.id));
        if (first) setActive(first.id);
      },
      // A band just below the sticky header: the section crossing it is the one being read.
      { rootMargin: '-104px 0px -65% 0px' },
    );
    elements.forEach((element) => observer.observe(element));
    return () => observer.disconnect();
  }, [key]);

  return active;
}
