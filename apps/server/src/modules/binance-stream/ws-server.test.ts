import { describe, expect, it } from 'vitest';
import { parseRequest, parseStreamPath } from './ws-server';

describe('stream endpoint paths', () => {
  it('raw by /ws and /ws/<streams>, combined by /stream?streams=', () => {
    expect(parseStreamPath('/ws')).toEqual({ combined: false, streams: [] });
    expect(parseStreamPath('/ws/')).toEqual({ combined: false, streams: [] });
    expect(parseStreamPath('/ws/btcusdt@trade')).toEqual({ combined: false, streams: ['btcusdt@trade'] });
    expect(parseStreamPath('/ws/btcusdt@trade/ethusdt@depth@100ms')).toEqual({
      combined: false,
      streams: ['btcusdt@trade', 'ethusdt@depth@100ms'],
    });
    expect(parseStreamPath('/stream?streams=btcusdt@trade/ethusdt@kline_1m')).toEqual({
      combined: true,
      streams: ['btcusdt@trade', 'ethusdt@kline_1m'],
    });
    expect(parseStreamPath('/stream')).toEqual({ combined: true, streams: [] });
  });

  it('leaves other paths alone (socket.io)', () => {
    for (const p of ['/socket.io/?EIO=4&transport=websocket', '/wss/', '/api/v3/depth', '/wsx', '/streams'])
      expect(parseStreamPath(p), p).toBeNull();
  });
});

describe('stream requests', () => {
  it('reads {method, params, id}', () => {
    expect(parseRequest('{"method":"SUBSCRIBE","params":["btcusdt@trade"],"id":1}')).toEqual({
      ok: true,
      method: 'SUBSCRIBE',
      params: ['btcusdt@trade'],
      id: 1,
    });
    expect(parseRequest('{"method":"LIST_SUBSCRIPTIONS","id":"a"}')).toEqual({
      ok: true,
      method: 'LIST_SUBSCRIPTIONS',
      params: [],
      id: 'a',
    });
  });

  it('answers bad JSON with code 3 and bad requests with code 2', () => {
    expect(parseRequest('{')).toMatchObject({ ok: false, code: 3, id: null });
    expect(parseRequest(null)).toMatchObject({ ok: false, code: 3 });
    expect(parseRequest('[1]')).toMatchObject({ ok: false, code: 2 });
    expect(parseRequest('{"method":"SUBSCRIBE","id":-1}')).toMatchObject({ ok: false, code: 2, id: null });
    expect(parseRequest('{"method":"SUBSCRIBE","params":"x","id":4}')).toMatchObject({
      ok: false,
      code: 2,
      id: 4,
    });
  });
});
