import { type ReactNode, useEffect, useState } from 'react';
import { cx } from '../../../ui/index.ts';

type Edges = { overflowing: boolean; left: boolean; right: boolean };

const NONE: Edges = { overflowing: false, left: false, right: false };

/** Whether the element scrolls sideways, and which way there is more to see. */
function useScrollEdges(element: HTMLElement | null): Edges {
  const [edges, setEdges] = useState<Edges>(NONE);
  useEffect(() => {
    if (!element) return;
    const measure = () => {
      const max = element.scrollWidth - element.clientWidth;
      const next: Edges = {
        overflowing: max > 1,
        left: element.scrollLeft > 1,
        right: element.scrollLeft < max - 1,
      };
      setEdges((current) =>
        current.overflowing === next.overflowing && current.left === next.left && current.right === next.right
          ? current
          : next,
      );
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [element]);
  return edges;
}

const fade = 'pointer-events-none absolute inset-y-0 z-10 w-6 from-surface-raised to-transparent';

/**
 * A box that scrolls its content sideways when it is wider, and shows that it does: a fade on each edge
 * with more beyond it. While it scrolls (or when `alwaysRegion`: the wide tables) it is a named,
 * focusable region, so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  alwaysRegion,
  className,
  children,
}: {
  label: string;
  alwaysRegion: boolean;
  className?: string;
  children: ReactNode;
}) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const edges = useScrollEdges(element);
  const region = alwaysRegion || edges.overflowing;
  return (
    <div className={cx('relative rounded-lg border border-border', className)}>
      <div
        ref={setElement}
        className="overflow-x-auto rounded-lg"
        {...(region ? { role: 'region', 'aria-label': `${label} (scrolls sideways)`, tabIndex: 0 } : {})}
        data-overflowing={edges.overflowing || undefined}
      >
        {children}
      </div>
      {edges.left ? (
        <span aria-hidden="true" className={cx(fade, 'left-0 rounded-l-lg bg-linear-to-r')} />
      ) : null}
      {edges.right ? (
        <span aria-hidden="true" className={cx(fade, 'right-0 rounded-r-lg bg-linear-to-l')} />
      ) : null}
    </div>
  );
}
