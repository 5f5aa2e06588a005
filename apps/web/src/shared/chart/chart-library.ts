// The parts of lightweight-charts the candle chart draws with. candle-chart.tsx imports this module with
// `import()`, so the library is a chunk of its own, fetched while the page around the chart already shows;
// named re-exports keep the rest of the library out of it.
export { CandlestickSeries, ColorType, createChart, HistogramSeries, LineSeries } from 'lightweight-charts';
