import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { Modal } from '@/shared/ui/modal';

/** Asks for the reason of a refusal (1–200 characters). */
export function RejectDialog({
  open,
  loading,
  onClose,
  onSubmit,
}: {
  open: boolean;
  loading: boolean;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}) {
  const { t } = useTranslation('console');
  const [reason, setReason] = useState('');
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('action.reject')}
      footer={
        <Button
          variant="danger"
          loading={loading}
          disabled={!reason.trim()}
          onClick={() => onSubmit(reason.trim())}
        >
          {t('action.reject')}
        </Button>
      }
    >
      <Input
        label={t('user.reason')}
        value={reason}
        maxLength={200}
        autoFocus
        onChange={(e) => setReason(e.target.value)}
      />
    </Modal>
  );
}
