import { PointsExchange } from './components/points-exchange';
import { StandaloneShell } from './components/standalone-shell';

/** /integralExchanges: where the points-exchange login lands; the exchange on its own page. */
export default function IntegralExchangesPage() {
  return (
    <StandaloneShell>
      <PointsExchange />
    </StandaloneShell>
  );
}
