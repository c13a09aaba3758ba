import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export function Card({
  title,
  description,
  children,
  className,
}: {
  title?: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <section
      className={clsx('rounded-2xl border border-slate-200 bg-white p-6 shadow-sm', className)}
    >
      {title && <h2 className="text-lg font-semibold text-slate-900">{title}</h2>}
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      {children && <div className={title || description ? 'mt-4' : undefined}>{children}</div>}
    </section>
  );
}
