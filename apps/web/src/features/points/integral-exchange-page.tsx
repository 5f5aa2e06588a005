import { PointsExchange } from './components/points-exchange';

/** /integralExchange: JC points exchange in the earn shell. */
export default function IntegralExchangePage() {
  return <PointsExchange />;
}
