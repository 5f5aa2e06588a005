import { describe, expect, it } from 'vitest';
import { ManualClock, systemClock } from './clock';

const T0 = Date.UTC(2026, 0, 5, 8, 0, 0);

describe('ManualClock timers', () => {
  it('fires nothing until the clock moves, then each timer at its due time, in due order', () => {
    const clock = new ManualClock(T0);
    const fired: [string, number][] = [];
    const log = (name: string) => () => fired.push([name, clock.now()]);
    clock.setTimeout(log('c'), 300);
    clock.setTimeout(log('a'), 100);
    clock.setTimeout(log('b'), 200);
    expect(fired).toEqual([]);
    expect(clock.pendingTimers).toBe(3);

    clock.advance(99);
    expect(fired).toEqual([]);
    clock.advance(1);
    expect(fired).toEqual([['a', T0 + 100]]);
    // One move past several due times runs them all, each seeing its own due time; the clock ends at
    // the target.
    clock.advance(1_000);
    expect(fired).toEqual([
      ['a', T0 + 100],
      ['b', T0 + 200],
      ['c', T0 + 300],
    ]);
    expect(clock.now()).toBe(T0 + 1_100);
    expect(clock.pendingTimers).toBe(0);
  });

  it('runs timers due at the same time in the order they were scheduled', () => {
    const clock = new ManualClock(T0);
    const fired: string[] = [];
    for (const name of ['first', 'second', 'third']) clock.setTimeout(() => fired.push(name), 50);
    clock.advance(50);
    expect(fired).toEqual(['first', 'second', 'third']);
  });

  it('clears a timer before it fires; clearing a fired or cleared timer is a no-op', () => {
    const clock = new ManualClock(T0);
    const fired: string[] = [];
    const kept = clock.setTimeout(() => fired.push('kept'), 10);
    const dropped = clock.setTimeout(() => fired.push('dropped'), 20);
    dropped.clear();
    dropped.clear();
    expect(clock.pendingTimers).toBe(1);
    clock.advance(100);
    expect(fired).toEqual(['kept']);
    kept.clear();
    expect(clock.pendingTimers).toBe(0);
  });

  it('lets a callback clear a later timer or schedule one that falls due within the same move', () => {
    const clock = new ManualClock(T0);
    const fired: [string, number][] = [];
    const later = clock.setTimeout(() => fired.push(['later', clock.now()]), 30);
    clock.setTimeout(() => {
      fired.push(['first', clock.now()]);
      later.clear();
      clock.setTimeout(() => fired.push(['chained', clock.now()]), 15);
    }, 10);
    clock.advance(40);
    expect(fired).toEqual([
      ['first', T0 + 10],
      ['chained', T0 + 25],
    ]);
  });

  it('repeats an interval at every multiple of its period until cleared, interleaved with timeouts', () => {
    const clock = new ManualClock(T0);
    const fired: [string, number][] = [];
    const every = clock.setInterval(() => fired.push(['tick', clock.now() - T0]), 100);
    clock.setTimeout(() => fired.push(['once', clock.now() - T0]), 150);
    clock.advance(350);
    expect(fired).toEqual([
      ['tick', 100],
      ['once', 150],
      ['tick', 200],
      ['tick', 300],
    ]);
    expect(clock.pendingTimers).toBe(1);
    every.clear();
    clock.advance(1_000);
    expect(fired).toHaveLength(4);
    expect(clock.pendingTimers).toBe(0);
  });

  it('lets an interval clear itself from its own callback', () => {
    const clock = new ManualClock(T0);
    let runs = 0;
    const every = clock.setInterval(() => {
      if (++runs === 3) every.clear();
    }, 10);
    clock.advance(1_000);
    expect(runs).toBe(3);
  });

  it('treats a delay below 1 ms as 1 ms: nothing runs inside the call that scheduled it', () => {
    const clock = new ManualClock(T0);
    let runs = 0;
    clock.setTimeout(() => runs++, 0);
    clock.setTimeout(() => runs++, -5);
    clock.advance(0);
    expect(runs).toBe(0);
    clock.advance(1);
    expect(runs).toBe(2);
  });

  it('set() forward runs due timers like advance(); set() back keeps each timer’s remaining wait', () => {
    const clock = new ManualClock(T0);
    const fired: number[] = [];
    clock.setTimeout(() => fired.push(clock.now()), 100);
    clock.set(T0 - 60_000); // the wall clock was set back a minute
    clock.set(T0 - 60_000 + 99);
    expect(fired).toEqual([]);
    clock.set(T0 - 60_000 + 100);
    expect(fired).toEqual([T0 - 60_000 + 100]);
  });

  it('refuses to move backwards through advance(), and stops a runaway timer loop', () => {
    const clock = new ManualClock(T0);
    expect(() => clock.advance(-1)).toThrow(RangeError);
    const loop = () => void clock.setTimeout(loop, 0);
    loop();
    expect(() => clock.advance(10_000_000)).toThrow(/timer runs in one move/);
  });
});

describe('systemClock timers', () => {
  it('fire on real time and can be cleared', async () => {
    const fired: string[] = [];
    systemClock.setTimeout(() => fired.push('once'), 1).clear(); // would run before the first tick
    await new Promise<void>((resolve) => {
      let n = 0;
      const every = systemClock.setInterval(() => {
        fired.push('tick');
        if (++n === 2) {
          every.clear();
          resolve();
        }
      }, 1);
    });
    expect(fired).toEqual(['tick', 'tick']);
  });
});
