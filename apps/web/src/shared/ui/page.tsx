import type { HTMLAttributes, ReactNode } from 'react';
import styles from './page.module.css';

const join = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** A page's column: its header and cards one above the other, 16 px apart. */
export function Page({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={join(styles.page, className)} {...rest} />;
}

export interface CardLook {
  /** `lg` (24 px, the default) or `md` (20 px) inner padding. */
  padding?: 'lg' | 'md';
  /** No padding: a table or list reaches the card's edges (the phone step still pads it). */
  flush?: boolean;
  /** The width at which the padding narrows: 640 (to 16 px, the default), 720 (18 px 16 px) or 860 (18 px). */
  phone?: 640 | 720 | 860;
}

/** The card's look for another element (a `<form>`): `className={`${cardClass()} ${styles.form}`}`. */
export const cardClass = ({ padding = 'lg', flush = false, phone = 640 }: CardLook = {}) =>
  join(styles.card, padding === 'md' && styles.card_md, flush && styles.card_flush, styles[`phone_${phone}`]);

export interface CardProps extends CardLook, HTMLAttributes<HTMLElement> {}

/** A bordered surface (a `<section>`): the box every page's content sits in. */
export function Card({ padding, flush, phone, className, ...rest }: CardProps) {
  return <section className={join(cardClass({ padding, flush, phone }), className)} {...rest} />;
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
  /** The title a little smaller (19 px) at 640 px and less. */
  shrink?: boolean;
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
  shrink = false,
  align = 'end',
  className,
}: PageHeaderProps) {
  const text = (
    <>
      <Heading className={join(styles.title, shrink && styles.title_shrink)}>{title}</Heading>
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
