/**
 * One side of the fast book's price ladder (fast-book.ts): level slots kept sorted worst to best by key,
 * so the top of book is the last entry and a binary search finds where a new level goes.
 */
const INITIAL_CAPACITY = 1024;

/** Level slots of one side, sorted worst to best by key (price for bids, -price for asks). */
export class SideLadder {
  levels: Int32Array = new Int32Array(INITIAL_CAPACITY);
  keys: Float64Array = new Float64Array(INITIAL_CAPACITY);
  length = 0;

  /** First index whose key is >= key (binary search over the sorted keys). */
  lowerBound(key: number): number {
    let lo = 0;
    let hi = this.length;
    const keys = this.keys;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((keys[mid] as number) < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insertAt(index: number, key: number, level: number): void {
    if (this.length === this.levels.length) this.grow();
    if (index < this.length) {
      this.levels.copyWithin(index + 1, index, this.length);
      this.keys.copyWithin(index + 1, index, this.length);
    }
    this.levels[index] = level;
    this.keys[index] = key;
    this.length++;
  }

  removeAt(index: number): void {
    if (index < this.length - 1) {
      this.levels.copyWithin(index, index + 1, this.length);
      this.keys.copyWithin(index, index + 1, this.length);
    }
    this.length--;
  }

  private grow(): void {
    const levels = new Int32Array(this.levels.length * 2);
    levels.set(this.levels);
    this.levels = levels;
    const keys = new Float64Array(this.keys.length * 2);
    keys.set(this.keys);
    this.keys = keys;
  }
}
