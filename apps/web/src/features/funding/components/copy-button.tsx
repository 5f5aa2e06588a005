import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';
import { toast } from '@/shared/ui/toast';

/** Copies `text` to the clipboard and says whether it worked. */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation('cash');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('copy.done'));
    } catch {
      toast.error(t('copy.failed'));
    }
  };
  return (
    <Button type="button" size="sm" variant="secondary" onClick={() => void copy()} disabled={!text}>
      {label ?? t('copy.button')}
    </Button>
  );
}
