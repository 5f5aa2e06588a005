import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { Modal } from '@/shared/ui/modal';
import styles from './console.module.css';

export interface TermField {
  name: string;
  label: string;
  /** `flag`: a checkbox sent as 1 / 0; `text`: as typed (the server validates). */
  kind?: 'text' | 'flag';
  hint?: string;
}

/** Edits a row of terms: each field as text or a switch; the server checks every value. */
export function TermsDialog({
  title,
  fields,
  initial,
  open,
  saving,
  onClose,
  onSave,
}: {
  title: string;
  fields: readonly TermField[];
  initial: Record<string, string>;
  open: boolean;
  saving: boolean;
  onClose: () => void;
  onSave: (values: Record<string, string>) => void;
}) {
  const { t } = useTranslation('console');
  const [values, setValues] = useState(initial);
  useEffect(() => setValues(initial), [initial]);
  const set = (name: string, v: string) => setValues((old) => ({ ...old, [name]: v }));
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      width={520}
      footer={
        <Button loading={saving} onClick={() => onSave(values)}>
          {t('action.save')}
        </Button>
      }
    >
      <div className={styles.form}>
        {fields.map((f) =>
          f.kind === 'flag' ? (
            <label key={f.name} className={styles.check}>
              <input
                type="checkbox"
                checked={values[f.name] === '1'}
                onChange={(e) => set(f.name, e.target.checked ? '1' : '0')}
              />
              {f.label}
            </label>
          ) : (
            <Input
              key={f.name}
              label={f.label}
              hint={f.hint}
              value={values[f.name] ?? ''}
              onChange={(e) => set(f.name, e.target.value)}
            />
          ),
        )}
      </div>
    </Modal>
  );
}
