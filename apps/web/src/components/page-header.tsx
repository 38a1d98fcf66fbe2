import type { ReactNode } from 'react';

/** The title band at the top of content pages. */
export function PageHeader({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <div className="relative overflow-hidden bg-navy-900 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgb(244_162_89/0.28),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgb(14_124_123/0.35),transparent_60%)]"
      />
      <div className="container-page relative py-12 md:py-16">
        <h1 className="max-w-3xl text-3xl font-bold text-white md:text-5xl">{title}</h1>
        {subtitle ? <p className="mt-4 max-w-2xl text-lg text-white/80 md:text-xl">{subtitle}</p> : null}
        {children}
      </div>
    </div>
  );
}
