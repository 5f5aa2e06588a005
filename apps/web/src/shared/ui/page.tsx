import type { HTMLAttributes, ReactNode } from 'react';
import styles from './page.module.css';

const join = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** A page's column: its header and cards one above the other, 16 px apart. */
export function Page({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={join(styles.page, className)} {...rest} />;
}

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** `lg` (24 px, the default) or `md` (20 px) inner padding. */
  padding?: 'lg' | 'md';
}

/** A bordered surface (a `<section>`): the box every page's content sits in. */
export function Card({ padding = 'lg', className, ...rest }: CardProps) {
  return <section className={join(styles.card, padding === 'md' && styles.card_md, className)} {...rest} />;
}

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /**
   * Buttons or links at the right (below the title on narrow screens). Given (even as `null`), the
   * header is a row that wraps; absent, the title and subtitle alone.
   */
  actions?: ReactNode;
  /** `h1` (the default) for the page's title, `h2` for a card's inside a page that has one. */
  as?: 'h1' | 'h2';
  /** How the title block and the actions line up: at the bottom (the default), centred or at the top. */
  align?: 'end' | 'center' | 'start';
  className?: string;
}

/** A page's (or a card's) title with its muted subtitle and optional actions. */
export function PageHeader({
  title,
  subtitle,
  actions,
  as: Heading = 'h1',
  align = 'end',
  className,
}: PageHeaderProps) {
  const text = (
    <>
      <Heading className={styles.title}>{title}</Heading>
      {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
    </>
  );
  if (actions === undefined) return className ? <div className={className}>{text}</div> : text;
  return (
    <div className={join(styles.header, align !== 'end' && styles[`header_${align}`], className)}>
      <div>{text}</div>
      {actions}
    </div>
  );
}
