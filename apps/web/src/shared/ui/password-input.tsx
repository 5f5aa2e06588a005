import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input, type InputProps } from './input';
import { IconButton } from './icon-button';

export interface PasswordInputProps extends Omit<InputProps, 'type' | 'suffix'> {
  /** Accessible names of the show / hide switch; the `auth` namespace's texts by default. */
  showLabel?: string;
  hideLabel?: string;
}

const EyeIcon = ({ open }: { open: boolean }) => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    aria-hidden="true"
  >
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
    {!open && <path d="M4 4l16 16" />}
  </svg>
);

/** A password field with a show / hide switch (the passwords of this app are 6 to 16 characters). */
export function PasswordInput({ showLabel, hideLabel, maxLength = 16, ...rest }: PasswordInputProps) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <Input
      {...rest}
      type={visible ? 'text' : 'password'}
      maxLength={maxLength}
      suffix={
        <IconButton
          size="sm"
          label={visible ? (hideLabel ?? t('field.hidePassword')) : (showLabel ?? t('field.showPassword'))}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon open={visible} />
        </IconButton>
      }
    />
  );
}
