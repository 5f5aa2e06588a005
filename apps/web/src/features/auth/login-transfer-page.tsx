import { LoginForm } from './login-page';

/** /components/loginTransfer: the points-exchange login (POST /api/Independent/points) → /integralExchanges. */
export default function LoginTransferPage() {
  return <LoginForm variant="points" />;
}
