import { useTranslation } from 'react-i18next';
import { CountdownButton } from './countdown-button';
import { Input } from './input';

export interface CodeInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Sends the code; resolves true when it was sent (the countdown starts only then). */
  onSend: () => Promise<boolean>;
  /** Resend wait: 60 s after a send, 31 s on the password-reset page. */
  seconds: number;
  name?: string;
  error?: string;
  hint?: string;
}

/** A verification-code field with its send button and resend countdown, as every code form uses it. */
export function CodeInput({ value, onChange, onSend, seconds, name = 'code', error, hint }: CodeInputProps) {
  const { t } = useTranslation('auth');
  return (
    <Input
      label={t('field.code')}
      name={name}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={16}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      hint={hint}
      suffix={
        <CountdownButton
          seconds={seconds}
          onSend={onSend}
          label={t('code.send')}
          countingLabel={(s) => t('code.resendIn', { s })}
        />
      }
    />
  );
}
