import { useEffect, useState } from 'react';
import { Button, type ButtonProps } from './button';

export interface CountdownButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** Sends the code; resolves true when it was sent (the countdown starts only then). */
  onSend: () => Promise<boolean>;
  /** Resend wait: 60 s after a send (31 s on the password-reset page). */
  seconds: number;
  label: string;
  /** Text while counting down, e.g. `(s) => t('code.resendIn', { s })`. */
  countingLabel: (secondsLeft: number) => string;
}

/** The send-code button: disabled with a countdown after a successful send, then enabled again. */
export function CountdownButton({
  onSend,
  seconds,
  label,
  countingLabel,
  disabled,
  ...rest
}: CountdownButtonProps) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);

  return (
    <Button
      variant="ghost"
      size="sm"
      {...rest}
      loading={sending}
      disabled={disabled || left > 0}
      data-counting={left > 0 || undefined}
      onClick={async () => {
        setSending(true);
        try {
          if (await onSend()) setLeft(seconds);
        } finally {
          setSending(false);
        }
      }}
    >
      {left > 0 ? countingLabel(left) : label}
    </Button>
  );
}
