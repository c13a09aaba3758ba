import type { ReactNode } from 'react';

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mb-8">
      <h1 className="text-3xl font-semibold tracking-tight text-slate-900">{title}</h1>
      {children && <div className="mt-2 text-slate-600">{children}</div>}
    </header>
  );
}
