import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_MAX_BYTES, uploadImage } from '@/shared/api/upload';
import { Spinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/toast';
import styles from './image-slots.module.css';

const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';

export interface ImageSlotsProps {
  /** Uploaded image URLs, in order. */
  value: string[];
  onChange: (urls: string[]) => void;
  max: number;
  testId?: string;
}

/**
 * Up to `max` images: each picked file uploads at once (POST /api/upload) and shows as a thumbnail with
 * a remove button. Attached to a deal, the server makes them private.
 */
export function ImageSlots({ value, onChange, max, testId }: ImageSlotsProps) {
  const { t } = useTranslation('c2c');
  const id = useId();
  const [busy, setBusy] = useState(false);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES) return toast.error(t('image.tooLarge'));
    if (!ACCEPT.split(',').includes(file.type)) return toast.error(t('image.notImage'));
    setBusy(true);
    try {
      onChange([...value, await uploadImage(file)]);
    } catch {
      // The reply handler has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.slots}>
      {value.map((url, i) => (
        <div key={url} className={styles.slot}>
          <img src={url} alt={t('image.alt', { n: i + 1 })} className={styles.slotImg} />
          <button
            type="button"
            className={styles.slotRemove}
            aria-label={t('image.remove')}
            onClick={() => onChange(value.filter((u) => u !== url))}
          >
            ×
          </button>
        </div>
      ))}
      {value.length < max && (
        <label htmlFor={id} className={`${styles.slot} ${styles.slotAdd}`} data-testid={testId}>
          {busy ? <Spinner size={20} /> : <span aria-hidden="true">+</span>}
          <span className={styles.slotText}>{t('image.add')}</span>
          <input
            id={id}
            type="file"
            accept={ACCEPT}
            className={styles.fileInput}
            disabled={busy}
            onChange={(e) => {
              void onFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
      )}
    </div>
  );
}
