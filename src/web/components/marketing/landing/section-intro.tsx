import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/** The eyebrow, heading and lead paragraph that open each landing section. */
export function SectionIntro({
  headingId,
  eyebrow,
  title,
  children,
  align = 'center',
}: {
  headingId: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  align?: 'center' | 'left';
}) {
  return (
    <div className={clsx('max-w-2xl', align === 'center' && 'mx-auto text-center')}>
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{eyebrow}</p>
      <h2
        id={headingId}
        className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900"
      >
        {title}
      </h2>
      {children && <p className="mt-4 text-lg leading-8 text-pretty text-slate-600">{children}</p>}
    </div>
  );
}

/** Landing sections are anchor targets (header links); focus lands on them without a ring. */
export const sectionAnchor = 'scroll-mt-16 focus:outline-none';
