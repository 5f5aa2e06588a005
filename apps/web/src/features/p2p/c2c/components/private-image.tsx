import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/shared/ui/skeleton';
import { usePrivateImage } from '@/shared/api/private-image';
import slotStyles from '@/shared/ui/image-slots.module.css';

/** A private deal image (voucher, appeal image), opened full size in a new tab on click. */
export function PrivateImage({ url, alt }: { url: string; alt: string }) {
  const { t } = useTranslation('c2c');
  const src = usePrivateImage(url);
  if (!src) return <Skeleton width={96} height={96} />;
  return (
    <a href={src} target="_blank" rel="noreferrer" className={slotStyles.slot} title={t('image.open')}>
      <img src={src} alt={alt} className={slotStyles.slotImg} />
    </a>
  );
}
