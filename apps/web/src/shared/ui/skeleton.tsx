import type { CSSProperties } from 'react';
import styles from './skeleton.module.css';

/** The shimmer alone, for a surface that keeps its own shape (the banner's frame, a tile). */
export const shimmerClass = styles.shimmer;

export interface SkeletonProps {
  /** CSS width; a block bar fills its container by default. */
  width?: CSSProperties['width'];
  /** CSS height; 12 px by default (one line of small text). */
  height?: CSSProperties['height'];
  /** Sits in a line of text (table cells with their own alignment) instead of taking the whole row. */
  inline?: boolean;
  style?: CSSProperties;
}

/** A grey shimmering bar standing in for text that is still loading. Hidden from screen readers. */
export function Skeleton({ width, height, inline = false, style }: SkeletonProps) {
  return (
    <span
      className={`${styles.shimmer} ${styles.bar} ${inline ? styles.inline : ''}`}
      style={{ width, height, ...style }}
      aria-hidden="true"
    />
  );
}
