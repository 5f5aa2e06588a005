import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { Skeleton } from '@/shared/ui/skeleton';
import styles from '../funding.module.css';

/** A QR code of `text`, 300 px, drawn as SVG on a white square (scanners need the contrast in both themes). */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    QRCode.toString(text, { type: 'svg', margin: 2, width: 300, errorCorrectionLevel: 'M' })
      .then((out) => isCurrent && setSvg(out))
      .catch(() => isCurrent && setSvg(null));
    return () => {
      isCurrent = false;
    };
  }, [text]);
  if (!svg) return <Skeleton width={300} height={300} />;
  return (
    <img
      className={styles.qr}
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      width={300}
      height={300}
      alt={label}
      data-testid="deposit-qr"
    />
  );
}
