import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_MAX_BYTES, uploadImage } from '@/shared/api/upload';
import { Spinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/toast';
import styles from '../account.module.css';

export interface ImageUploadProps {
  label: string;
  /** The uploaded image's URL ('' when none). */
  value: string;
  onChange: (url: string) => void;
  invalid?: boolean;
  testId?: string;
}

const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';

/** One image slot: pick a file, it uploads at once (POST /api/upload) and shows a preview. */
export function ImageUpload({ label, value, onChange, invalid, testId }: ImageUploadProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const [busy, setBusy] = useState(false);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES) return toast.error(t('upload.tooLarge'));
    if (!ACCEPT.split(',').includes(file.type)) return toast.error(t('upload.notImage'));
    setBusy(true);
    try {
      onChange(await uploadImage(file));
    } catch {
      // The reply handler has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.upload}>
      <label
        htmlFor={id}
        className={`${styles.uploadBox} ${invalid && !value ? styles.uploadBox_invalid : ''}`}
        data-testid={testId}
      >
        {value ? (
          <img src={value} alt={label} className={styles.uploadPreview} />
        ) : (
          <span className={styles.uploadEmpty}>
            <span className={styles.uploadPlus} aria-hidden="true">
              +
            </span>
            {t('upload.choose')}
          </span>
        )}
        {busy && (
          <span className={styles.uploadBusy}>
            <Spinner size={22} />
          </span>
        )}
      </label>
      <input
        id={id}
        type="file"
        accept={ACCEPT}
        className={styles.fileInput}
        aria-label={label}
        disabled={busy}
        onChange={(e) => {
          void onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <span className={styles.uploadLabel}>
        {label}
        {value && <span className={styles.uploadDone}> ✓</span>}
      </span>
    </div>
  );
}
